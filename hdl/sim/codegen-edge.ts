// The clock edge, in two phases so that register-to-register paths see the
// old values: first every next state is computed (sync reads sample memory
// here, before any write: read-first), then memories and CAMs are written,
// then the caller commits the next states.
import type { Node } from '../ir.js';
import { camCareVar, camKeyVar, camValidVar, literal, memVar, type ExprCtx } from './codegen-util.js';
import { guardedStore, memReadExpr } from './codegen-node.js';

/** Next value of a state node (register or sync read data). Registers with
 *  an init value reset synchronously, and reset beats enable. */
export function nextStateExpr(n: Node, x: ExprCtx, rst: string): string {
  const cur = x.ref(n.id);
  if (n.op === 'reg') {
    const d = x.ref(n.d);
    const held =
      n.en === null ? d : `(${x.ref(n.en)} !== 0 ? ${d} : ${cur})`;
    return n.init === null ? held : `(${rst} !== 0 ? ${literal(n.init, n.width)} : ${held})`;
  }
  if (n.op === 'memread' && n.sync) {
    const read = memReadExpr(n.mem, n.addr, x);
    return n.en === null ? read : `(${x.ref(n.en)} !== 0 ? ${read} : ${cur})`;
  }
  throw new Error(`nextStateExpr: ${n.op} is not state`);
}

/** Memory and CAM writes, ports in list order so the last port wins (field
 *  by field: a CAM port without a key writes only the valid bit). CAM
 *  reset clears every valid bit and suppresses that cycle's writes. */
export function writeStatements(x: ExprCtx, rst: string): string[] {
  const out: string[] = [];
  x.net.memories.forEach((m, i) => {
    for (const p of m.writePorts) out.push(guardedStore(memVar(i), m.depth, p.addr, p.en, x.ref(p.data), x));
  });
  x.net.cams.forEach((c, i) => {
    const writes = c.writePorts.flatMap((p) => [
      ...(p.key === null ? [] : [guardedStore(camKeyVar(i), c.entries, p.index, p.en, x.ref(p.key), x)]),
      ...(p.care === undefined ? [] : [guardedStore(camCareVar(i), c.entries, p.index, p.en, x.ref(p.care), x)]),
      guardedStore(camValidVar(i), c.entries, p.index, p.en, x.ref(p.valid), x),
    ]);
    out.push(`if (${rst} !== 0) ${camValidVar(i)}.fill(0); else { ${writes.join(' ')} }`);
  });
  return out;
}
