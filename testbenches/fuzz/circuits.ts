// The circuits the differential fuzzer draws, and the bundles it hands to
// Verilator: many circuits as instances of one top, so that one Verilator
// build checks hundreds of them.
import { camPortOperands, operands, type Design, type ModuleIR, type NodeId } from '../../hdl/ir.js';
import { randomModule, rng } from '../../hdl/sim/testing/random.js';
import { bundleModule, designOf } from '../../hdl/verilog/test-ir.js';

/** Circuit `seed`: every operator (dividers included), widths 1..200 with
 *  weight on the representation boundaries, registers with and without
 *  enable and init, a memory (sync and async reads) and a CAM; often a
 *  control FSM (a state register compared with constants); in half of
 *  them, library operations (hdl/sim/testing/library-ops.ts). */
export function fuzzCircuit(seed: number): ModuleIR {
  const r = rng(seed ^ 0x5eed);
  const m = randomModule(seed, {
    nodes: 24 + Math.floor(r() * 24),
    inputs: 3,
    regs: 3,
    wideChance: 0.1 + 0.4 * r(),
    maxWidth: 200,
    memories: r() < 0.7,
    lfsr: r() < 0.5,
    fsm: r() < 0.4,
    // Half get library operations (popcount, priority encoders, arg-min/
    // max), which the Verilog backend prints as their trees; drawn apart,
    // so the rest of circuit `seed` is unchanged.
    libraryOps: rng(seed ^ 0x11b0)() < 0.5 ? 3 : 0,
  });
  m.name = `F${seed}`;
  narrowShiftAmounts(m);
  observeSinks(m);
  return m;
}

/** Verilator 5.006 rejects a literal shift amount of 2^32 or more
 *  ("Shifting of by over 32-bit number isn't supported"), and the Verilog
 *  backend folds constant logic into such literals; so shift amounts wider
 *  than 32 bits are cut to their low 32 here. (The backend should saturate
 *  folded amounts; the operator tests cover wide amounts in our simulator.) */
function narrowShiftAmounts(m: ModuleIR): void {
  for (const n of m.nodes) {
    if (n.op !== 'shl' && n.op !== 'shru' && n.op !== 'shrs') continue;
    if (m.nodes[n.b]!.width <= 32) continue;
    const id = m.nodes.length;
    m.nodes.push({ id, op: 'slice', width: 32, a: n.b, lo: 0 });
    n.b = id;
  }
}

/** Most outputs a fuzz circuit gets (Verilator prints each every cycle). */
const MAX_OUTPUTS = 16;

/** randomModule drives only four outputs from the last nodes made; logic
 *  nothing reads would go unchecked, so every such sink (up to
 *  MAX_OUTPUTS in all) becomes an output of its own. */
function observeSinks(m: ModuleIR): void {
  const used = new Set<NodeId>();
  for (const n of m.nodes) for (const o of operands(n)) used.add(o);
  for (const mem of m.memories) for (const p of mem.writePorts) used.add(p.addr).add(p.data).add(p.en);
  for (const c of m.cams) for (const p of c.writePorts) for (const o of camPortOperands(p)) used.add(o);
  for (const p of m.ports) used.add(p.node);
  const sinks = m.nodes.filter((n) => !used.has(n.id) && n.op !== 'const' && n.op !== 'input');
  for (const n of sinks.slice(0, Math.max(0, MAX_OUTPUTS - m.ports.filter((p) => p.dir === 'out').length))) {
    m.ports.push({ name: `sink${n.id}`, dir: 'out', width: n.width, node: n.id });
  }
}

/** Children as instances of one top; child c's port p is the top's `c_p`. */
export function bundleDesign(name: string, children: ModuleIR[]): Design {
  return designOf(bundleModule(name, children));
}

export const childPort = (child: string, port: string): string => `${child}_${port}`;
