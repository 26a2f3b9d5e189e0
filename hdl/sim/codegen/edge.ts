// The clock edge, in two phases so that register-to-register paths see the
// old values: first every next state is computed (sync reads sample memory
// here, before any write: read-first), then memories and CAMs are written,
// then the caller commits the next states.
import { chooseLimbs, literal, literalLimbs, memVar, type Choice, type ExprCtx } from './util.js';
import { guardedStore, valueOf } from './access.js';
import { memReadValue } from './node.js';
import { camWriteStatement } from './cam.js';
import { isMid, isNarrow, isWide } from '../passes/layout.js';
import { narrowMux } from './narrow.js';
import { InternalError } from '../../errors.js';
import type { SimNode } from '../netlist.js';

/** Next value of a state node (register or sync read data), one expression
 *  per limb for wide state. Registers with an init value reset
 *  synchronously, and reset beats enable. */
export function nextStateValue(n: SimNode, x: ExprCtx, rst: string): string[] {
  const cur = valueOf(x, n.id);
  // Wide state: one if/else tree for all limbs (chooseLimbs).
  const pick = (c: Choice): string[] => (Array.isArray(c) ? c : cur.length > 1 ? chooseLimbs(x, cur.length, c) : [perLimb(c)]);
  if (n.op === 'reg') {
    const d = valueOf(x, n.d);
    // A narrow register's enable is a mux select like any other (masks where inputs change every cycle).
    const masked = n.en !== null && x.maskSelect(n.en) && isNarrow(n.width) ? narrowMux(x.ref(n.en), x.width(n.en), [cur[0]!, d[0]!], x.shared) : null;
    const held: Choice = masked !== null ? [masked] : n.en === null ? d : { cond: `${x.ref(n.en)} !== 0`, then: d, else: cur };
    if (n.init === null) return pick(held);
    // Reset to 0 (most registers): an AND with the function's reset mask
    // (withPrologue), no branch and no merge of every limb after one.
    if (n.init === 0n && !isMid(n.width)) return pick(held).map((l) => `(${l} & n${rst})`);
    const init = isWide(n.width) ? literalLimbs(n.init, n.width) : [literal(n.init, n.width)];
    return pick({ cond: `${rst} !== 0`, then: init, else: held });
  }
  if (n.op === 'memread' && n.sync) {
    const read = memReadValue(n.mem, n.addr, x);
    if (n.en === null) return read;
    return pick({ cond: `${x.ref(n.en)} !== 0`, then: read, else: cur });
  }
  throw new InternalError(`nextStateValue: ${n.op} is not state`);
}

/** A one-limb choice as nested conditional expressions. */
function perLimb(c: Choice): string {
  return Array.isArray(c) ? c[0]! : `(${c.cond} ? ${perLimb(c.then)} : ${perLimb(c.else)})`;
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
