// Clocked logic: registers, memories, CAMs, and the simulation-only start
// state. Every clocked assignment is non-blocking inside `always @(posedge
// clock)`, so read-first behaviour (a sync read does not see a write of the
// same edge) and "later write port wins" both follow from Verilog's own
// scheduling rather than from statement order tricks.
import type { CamIR, MemoryIR, ModuleIR, Node, NodeId } from '../ir.js';
import { clog2, literal } from './literal.js';
import type { ModulePlan } from './module-plan.js';
import { isState } from './module-plan.js';
import type { Refs } from './refs.js';

/** How an address node indexes an array of `depth` entries. Out-of-range
 *  addresses (possible when depth is not a power of two) read as 0 and do
 *  not write, in every gfxrtl backend, instead of Verilog's X. */
export interface ArrayIndex {
  index: string;
  /** Condition for the address to be in range; null when it always is. */
  inRange: string | null;
}

/** Null when the address is a constant past the end: the access never
 *  happens (and printing it would trip Verilator's SELRANGE). */
export function arrayIndex(r: Refs, addr: NodeId, depth: number): ArrayIndex | null {
  const wa = r.width(addr);
  // Verilator expects exactly clog2(depth) index bits (at least one).
  const k = Math.max(1, clog2(depth));
  const constant = r.inlineValue(addr);
  if (constant !== undefined) return constant < BigInt(depth) ? { index: literal(constant, k), inRange: null } : null;
  const alwaysInRange = wa < 31 && depth >= 2 ** wa;
  const inRange = alwaysInRange ? null : `${r.ref(addr)} < ${literal(BigInt(depth), wa)}`;
  let index: string;
  if (wa === k) index = r.ref(addr);
  else if (wa < k) index = r.zext(addr, k);
  else index = r.bits(addr, k - 1, 0);
  return { index, inRange };
}

export function memoryReadExpr(r: Refs, plan: ModulePlan, mem: MemoryIR, memIndex: number, addr: NodeId): string {
  const at = arrayIndex(r, addr, mem.depth);
  if (at === null) return literal(0n, mem.width);
  r.memoryRead[memIndex] = true;
  const { index, inRange } = at;
  const word = `${plan.memoryNames[memIndex]}[${index}]`;
  return inRange === null ? word : `(${inRange}) ? ${word} : ${literal(0n, mem.width)}`;
}

const both = (en: string, inRange: string | null): string => (inRange === null ? en : `${en} && (${inRange})`);

export function registerBlock(n: Node & { op: 'reg' }, r: Refs): string[] {
  const q = r.target(n.id);
  const load = `${q} <= ${r.ref(n.d)};`;
  const lines = ['  always @(posedge clock) begin'];
  const enabled = n.en === null ? null : r.ref(n.en);
  if (n.init !== null) {
    lines.push(`    if (reset) ${q} <= ${literal(n.init, n.width)};`);
    lines.push(enabled === null ? `    else ${load}` : `    else if (${enabled}) ${load}`);
  } else {
    lines.push(enabled === null ? `    ${load}` : `    if (${enabled}) ${load}`);
  }
  lines.push('  end');
  return lines;
}

export function syncReadBlock(n: Node & { op: 'memread' }, m: ModuleIR, r: Refs, plan: ModulePlan): string[] {
  const mem = m.memories[n.mem]!;
  const load = `${r.target(n.id)} <= ${memoryReadExpr(r, plan, mem, n.mem, n.addr)};`;
  return ['  always @(posedge clock)', n.en === null ? `    ${load}` : `    if (${r.ref(n.en)}) ${load}`];
}

/** Each write port's assignment, guarded by its enable and (for an address
 *  that can run past `size`) the in-range test; a port whose constant
 *  address is past the end never writes and leaves a note instead. */
function portWrites<P extends { en: NodeId }>(
  ports: readonly P[],
  addrOf: (p: P) => NodeId,
  size: number,
  r: Refs,
  indent: string,
  pastEnd: string,
  write: (p: P, index: string, guard: string) => string[],
): string[] {
  const lines: string[] = [];
  for (const [k, p] of ports.entries()) {
    const at = arrayIndex(r, addrOf(p), size);
    if (at === null) lines.push(`${indent}// Write port ${k} never writes: its constant ${pastEnd}.`);
    else lines.push(...write(p, at.index, both(r.ref(p.en), at.inRange)));
  }
  return lines;
}

export function memoryWriteBlock(mem: MemoryIR, name: string, r: Refs): string[] {
  if (mem.writePorts.length === 0) return [];
  const lines = ['  always @(posedge clock) begin'];
  if (mem.writePorts.length > 1) lines.push('    // Later write ports win: their assignments come last.');
  lines.push(
    ...portWrites(mem.writePorts, (w) => w.addr, mem.depth, r, '    ', 'address is past the last word', (w, index, guard) => [
      `    if (${guard}) ${name}[${index}] <= ${r.ref(w.data)};`,
    ]),
  );
  lines.push('  end');
  return lines;
}

export function camWriteBlock(cam: CamIR, keys: string, valid: string, r: Refs, care: string): string[] {
  // Keys are not reset: an entry's key is unobservable until a write sets
  // its valid bit, and that write sets the key too.
  const lines = ['  always @(posedge clock) begin', `    if (reset) ${valid} <= ${literal(0n, cam.entries)};`];
  if (cam.writePorts.length > 0) {
    lines.push('    else begin');
    if (cam.writePorts.length > 1) lines.push('      // Later write ports win, field by field: their assignments come last.');
    lines.push(
      ...portWrites(cam.writePorts, (w) => w.index, cam.entries, r, '      ', 'index is past the last entry', (w, index, guard) => {
        const fields = [`      if (${guard}) begin`];
        if (w.key !== null) fields.push(`        ${keys}[${index}] <= ${r.ref(w.key)};`);
        if (w.care !== undefined) fields.push(`        ${care}[${index}] <= ${r.ref(w.care)};`);
        fields.push(`        ${valid}[${index}] <= ${r.ref(w.valid)};`, '      end');
        return fields;
      }),
    );
    lines.push('    end');
  }
  lines.push('  end');
  return lines;
}

/** Key read-back (0 past the last entry) or the valid vector. */
export function camReadExpr(n: Node & { op: 'camread' | 'camvalid' }, m: ModuleIR, r: Refs, plan: ModulePlan): string {
  const cam = m.cams[n.cam]!;
  if (n.op === 'camvalid') {
    r.camValidRead[n.cam] = true;
    return plan.camValidNames[n.cam]!;
  }
  const at = arrayIndex(r, n.index, cam.entries);
  if (at === null) return literal(0n, cam.keyWidth);
  r.camRead[n.cam] = true;
  const word = `${plan.camKeyNames[n.cam]}[${at.index}]`;
  return at.inRange === null ? word : `(${at.inRange}) ? ${word} : ${literal(0n, cam.keyWidth)}`;
}

/** Bit i of the match vector: entry i is valid and holds the key (on the
 *  bits the mask selects, for a masked search). */
export function camMatchLines(
  n: Node & { op: 'cammatch' },
  cam: CamIR,
  plan: ModulePlan,
  r: Refs,
  genvar: () => string,
): string[] {
  r.camRead[n.cam] = true;
  r.camValidRead[n.cam] = true;
  const hit = r.target(n.id);
  const keys = plan.camKeyNames[n.cam]!;
  const valid = plan.camValidNames[n.cam]!;
  const key = r.ref(n.key);
  const mask = n.mask === undefined ? null : r.ref(n.mask);
  const care = cam.ternary ? plan.camCareNames[n.cam]! : null;
  const zero = literal(0n, cam.keyWidth);
  const same = (i: string): string => {
    const k = `${keys}[${i}]`;
    if (mask === null && care === null) return `(${k} == ${key})`;
    const sel = [care === null ? null : `${care}[${i}]`, mask].filter((x) => x !== null).join(' & ');
    return `(((${k} ^ ${key}) & ${sel}) == ${zero})`;
  };
  if (cam.entries === 1) return [`  assign ${hit} = ${valid}[0] && ${same('0')};`];
  const g = genvar();
  return [
    '  generate',
    `    for (${g} = 0; ${g} < ${cam.entries}; ${g} = ${g} + 1) begin : ${plan.names.claim(`g_${hit}`)}`,
    `      assign ${hit}[${g}] = ${valid}[${g}] && ${same(g)};`,
    '    end',
    '  endgenerate',
  ];
}

/** gfxrtl's simulator starts registers at their reset value (else 0) and
 *  memories and CAMs at 0; a Verilog simulator would start them at X. This
 *  block makes Icarus and Verilator start where we do; synthesis ignores it. */
export function simulationStartState(m: ModuleIR, plan: ModulePlan): string[] {
  const body: string[] = [];
  for (const n of m.nodes) {
    if (!plan.live[n.id] || !isState(n)) continue;
    const init = n.op === 'reg' && n.init !== null ? n.init : 0n;
    body.push(`    ${plan.nodeNames[n.id]} = ${literal(init, n.width)};`);
  }
  let loopVar: string | null = null;
  const clearArray = (name: string, depth: number, width: number): void => {
    loopVar ??= plan.names.claim('init_i');
    const i = loopVar;
    body.push(`    for (${i} = 0; ${i} < ${depth}; ${i} = ${i} + 1) ${name}[${i}] = ${literal(0n, width)};`);
  };
  m.memories.forEach((mem, i) => clearArray(plan.memoryNames[i]!, mem.depth, mem.width));
  m.cams.forEach((cam, i) => {
    clearArray(plan.camKeyNames[i]!, cam.entries, cam.keyWidth);
    if (cam.ternary) clearArray(plan.camCareNames[i]!, cam.entries, cam.keyWidth);
    body.push(`    ${plan.camValidNames[i]} = ${literal(0n, cam.entries)};`);
  });
  if (body.length === 0) return [];
  return [
    '`ifndef SYNTHESIS',
    '  // Simulation start state, as in gfxrtl\'s simulator: registers at their',
    '  // reset value (else 0), memories and CAMs at 0, instead of X.',
    ...(loopVar === null ? [] : [`  integer ${loopVar};`]),
    '  initial begin',
    ...body,
    '  end',
    '`endif',
  ];
}
