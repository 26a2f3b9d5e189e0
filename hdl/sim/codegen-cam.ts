// CAM search and write code, one small function per form so that new CAM
// operators (masked match, key read-back) slot in beside them. Keys are
// stored as layout.ts stores values of the key width (limbs with stride
// limbsOf(keyWidth) for wide keys); the match vector is `entries` bits,
// built by a helper into scratch limbs when it does not fit one int32.
import type { NodeId } from '../ir.js';
import { isMid, isNarrow, isWide, limbsOf } from './layout.js';
import { camKeyVar, camValidVar, type ExprCtx } from './codegen-util.js';
import { lowerLimbs } from './codegen-limbs.js';
import { guardedStore, valueOf } from './codegen-node.js';

/** Match vector of CAM `cam` for `key`, in the representation of `width`
 *  (= the CAM's entries). */
export function camMatchValue(cam: number, key: NodeId, width: number, x: ExprCtx): string[] {
  const keys = camKeyVar(cam);
  const valid = camValidVar(cam);
  const kw = x.width(key);
  if (!isWide(kw) && isNarrow(width)) return [`H_camMatch32(${keys}, ${valid}, ${x.ref(key)})`];
  if (!isWide(kw)) x.pre(`H_camMatchN(${keys}, ${valid}, ${x.ref(key)});`);
  else {
    const k = limbsOf(kw);
    const fill = valueOf(x, key).map((l, j) => `H_A[${j}] = ${l};`).join(' ');
    x.pre(`${fill} H_camMatchW(${keys}, ${valid}, ${k});`);
  }
  const limbs = Array.from({ length: limbsOf(width) }, (_, j) => x.tmp(`H_R[${j}]`));
  return isNarrow(width) || isMid(width) ? [lowerLimbs(limbs, width)] : limbs;
}

/** Writes of CAM `cam`, ports in list order so the last port wins; reset
 *  clears every valid bit and suppresses that cycle's writes. */
export function camWriteStatement(cam: number, x: ExprCtx, rst: string): string {
  const c = x.net.cams[cam]!;
  const writes = c.writePorts.flatMap((p) => [
    guardedStore(camKeyVar(cam), c.entries, p.index, p.en, valueOf(x, p.key), x),
    guardedStore(camValidVar(cam), c.entries, p.index, p.en, [x.ref(p.valid)], x),
  ]);
  return `if (${rst} !== 0) ${camValidVar(cam)}.fill(0); else { ${writes.join(' ')} }`;
}
