// The clock edge, in two phases so that register-to-register paths see the
// old values: first every next state is computed (sync reads sample memory
// here, before any write: read-first), then memories and CAMs are written,
// then the caller commits the next states.
import type { Node } from '../ir.js';
import { literal, literalLimbs, memVar, type ExprCtx } from './codegen-util.js';
import { guardedStore, memReadValue, valueOf } from './codegen-node.js';
import { camWriteStatement } from './codegen-cam.js';
import { isNarrow, isWide } from './layout.js';
import { narrowMux } from './codegen-narrow.js';

/** Next value of a state node (register or sync read data), one expression
 *  per limb for wide state. Registers with an init value reset
 *  synchronously, and reset beats enable. */
export function nextStateValue(n: Node, x: ExprCtx, rst: string): string[] {
  const cur = valueOf(x, n.id);
  if (n.op === 'reg') {
    const d = valueOf(x, n.d);
    // A narrow register's enable is a mux select like any other (masks where inputs change every cycle).
    const masked = n.en !== null && x.maskSelect(n.en) && isNarrow(n.width) ? narrowMux(x.ref(n.en), x.width(n.en), [cur[0]!, d[0]!]) : null;
    const en = n.en === null || masked !== null ? null : cur.length > 1 ? x.tmp(`${x.ref(n.en)} !== 0`) : `${x.ref(n.en)} !== 0`;
    const held = masked !== null ? [masked] : d.map((dj, j) => (en === null ? dj : `(${en} ? ${dj} : ${cur[j]})`));
    if (n.init === null) return held;
    const init = isWide(n.width) ? literalLimbs(n.init, n.width) : [literal(n.init, n.width)];
    return held.map((h, j) => `(${rst} !== 0 ? ${init[j]} : ${h})`);
  }
  if (n.op === 'memread' && n.sync) {
    const read = memReadValue(n.mem, n.addr, x);
    if (n.en === null) return read;
    const en = read.length > 1 ? x.tmp(`${x.ref(n.en)} !== 0`) : `${x.ref(n.en)} !== 0`;
    return read.map((r, j) => `(${en} ? ${r} : ${cur[j]})`);
  }
  throw new Error(`nextStateValue: ${n.op} is not state`);
}

/** Memory and CAM writes, ports in list order so the last port wins. */
export function writeStatements(x: ExprCtx, rst: string): string[] {
  const out: string[] = [];
  x.net.memories.forEach((m, i) => {
    for (const p of m.writePorts) out.push(guardedStore(memVar(i), m.depth, p.addr, p.en, valueOf(x, p.data), x, isNarrow(m.width)));
  });
  x.net.cams.forEach((_, i) => out.push(camWriteStatement(i, x, rst)));
  return out;
}
