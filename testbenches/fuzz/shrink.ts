// Shrinking a circuit on which our simulator and Verilator disagree: each
// round proposes smaller variants (one output kept, a node replaced by 0 or
// by its first operand), checks them all in ONE bundled Verilator build,
// and keeps the smallest that still disagrees, until no variant does.
import type { ModuleIR, Node, NodeId } from '../../hdl/ir.js';
import { camPortOperands, combOperands, operands } from '../../hdl/ir.js';
import { mapNode } from '../../hdl/map-node.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { bundleStimulus, checkBundle } from './check.js';

/** Variants checked per round (one Verilator build each round). */
const PER_ROUND = 160;
const MAX_ROUNDS = 12;

export interface Shrunk {
  module: ModuleIR;
  stimulus: Stimulus;
  rounds: number;
}

/** Computed nodes, the size measure shrinking reduces. */
export const sizeOf = (m: ModuleIR): number => m.nodes.filter((n) => n.op !== 'input' && n.op !== 'const').length;

export async function shrink(failing: ModuleIR, stimulus: Stimulus, log: (s: string) => void = () => {}): Promise<Shrunk> {
  let best = prune(failing);
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    const variants = proposals(best).slice(0, PER_ROUND);
    if (variants.length === 0) break;
    variants.forEach((v, i) => (v.name = `S${rounds}_${i}`));
    const stim = bundleStimulus(variants.map((child) => ({ child, stim: stimulus })));
    const { mismatches } = await checkBundle(`Shrink${rounds}`, variants, stim, stimulus.cycles.length);
    const failingNames = new Set(mismatches.map((m) => m.child));
    const size = (v: ModuleIR): number => sizeOf(v) * 100 + v.ports.length;
    const still = variants.filter((v) => failingNames.has(v.name)).sort((a, b) => size(a) - size(b));
    if (still.length === 0 || size(still[0]!) >= size(best)) break;
    best = still[0]!;
    log(`  shrink round ${rounds + 1}: ${sizeOf(best)} computed nodes`);
  }
  best.name = failing.name;
  return { module: best, stimulus: stimulusFor(best, stimulus), rounds };
}

/** Smaller variants of `m`, pruned, smallest-first in spirit: single
 *  outputs, then every computed node replaced by 0 or by its first operand. */
function proposals(m: ModuleIR): ModuleIR[] {
  const out: ModuleIR[] = [];
  const outs = m.ports.filter((p) => p.dir === 'out');
  if (outs.length > 1) {
    for (const o of outs) out.push(prune({ ...m, ports: m.ports.filter((p) => p.dir === 'in' || p === o) }));
    for (const o of outs) out.push(prune({ ...m, ports: m.ports.filter((p) => p !== o) }));
  }
  for (let id = m.nodes.length - 1; id >= 0; id--) {
    const n = m.nodes[id]!;
    if (n.op === 'input' || n.op === 'const') continue;
    out.push(prune(replace(m, id, { id, width: n.width, op: 'const', value: 0n })));
    // combOperands: a register replaced by its own d would close a loop.
    const a = combOperands(n).find((o) => m.nodes[o]!.width === n.width && o !== id);
    if (a !== undefined) out.push(prune(replace(m, id, { id, width: n.width, op: 'wire', a })));
  }
  const size = (v: ModuleIR): number => sizeOf(v) * 100 + v.ports.length;
  return out.filter((v) => size(v) < size(m));
}

function replace(m: ModuleIR, id: NodeId, n: Node): ModuleIR {
  const nodes = m.nodes.slice();
  nodes[id] = n;
  return { ...m, nodes };
}

/** Only what the outputs can see: nodes, the memories and CAMs read, and
 *  the inputs used; everything renumbered. */
export function prune(m: ModuleIR): ModuleIR {
  const keep = new Set<NodeId>();
  const mems = new Set<number>();
  const cams = new Set<number>();
  const stack = m.ports.filter((p) => p.dir === 'out').map((p) => p.node);
  const visit = (id: NodeId): void => {
    if (keep.has(id)) return;
    keep.add(id);
    stack.push(...operands(m.nodes[id]!));
  };
  for (;;) {
    while (stack.length > 0) visit(stack.pop()!);
    let grew = false;
    for (const id of keep) {
      const n = m.nodes[id]!;
      if (n.op === 'memread' && !mems.has(n.mem)) {
        mems.add(n.mem);
        for (const p of m.memories[n.mem]!.writePorts) stack.push(p.addr, p.data, p.en);
        grew = true;
      }
      if ((n.op === 'cammatch' || n.op === 'camread' || n.op === 'camvalid') && !cams.has(n.cam)) {
        cams.add(n.cam);
        for (const p of m.cams[n.cam]!.writePorts) stack.push(...camPortOperands(p));
        grew = true;
      }
    }
    if (!grew && stack.length === 0) break;
  }
  const ids = [...keep].sort((a, b) => a - b);
  const newId = new Map(ids.map((id, i) => [id, i]));
  const memIds = [...mems].sort((a, b) => a - b);
  const camIds = [...cams].sort((a, b) => a - b);
  const r = {
    node: (id: NodeId) => newId.get(id)!,
    mem: (i: number) => memIds.indexOf(i),
    cam: (i: number) => camIds.indexOf(i),
  };
  const nodes = ids.map((id, i) => mapNode(m.nodes[id]!, i, m.nodes[id]!.name, r));
  const mapPorts = <T extends object>(ps: T[]): T[] =>
    ps.map((p) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'number' ? r.node(v) : v])) as T);
  return {
    ...m,
    nodes,
    ports: m.ports.filter((p) => keep.has(p.node)).map((p) => ({ ...p, node: r.node(p.node) })),
    memories: memIds.map((i) => ({ ...m.memories[i]!, writePorts: mapPorts(m.memories[i]!.writePorts) })),
    cams: camIds.map((i) => ({ ...m.cams[i]!, writePorts: mapPorts(m.cams[i]!.writePorts) })),
    instances: [],
  };
}

/** The stimulus restricted to the inputs `m` still has. */
function stimulusFor(m: ModuleIR, s: Stimulus): Stimulus {
  const ins = m.ports.filter((p) => p.dir === 'in').map((p) => p.name);
  return { ...s, cycles: s.cycles.map((row) => Object.fromEntries(ins.map((k) => [k, row[k] ?? 0n]))) };
}
