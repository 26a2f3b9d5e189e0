// CAM search and write code, one small function per form so that new CAM
// operators (masked match, key read-back) slot in beside them. Keys are
// stored as passes/layout.ts stores values of the key width (limbs with stride
// limbsOf(keyWidth) for wide keys); the match vector is `entries` bits,
// built by a helper into scratch limbs when it does not fit one int32.
import type { NodeId } from '../../ir.js';
import { isMid, isNarrow, isWide, limbsOf } from '../passes/layout.js';
import { camCareVar, camKeyVar, camValidVar, type ExprCtx } from './util.js';
import { lowerLimbs } from './limbs.js';
import { guardedStore, indexedRead, valueOf } from './access.js';

/** Match vector of CAM `cam` for `key`, in the representation of `width`
 *  (= the CAM's entries). */
export function camMatchValue(cam: number, key: NodeId, mask: NodeId | undefined, width: number, x: ExprCtx): string[] {
  const keys = camKeyVar(cam);
  const valid = camValidVar(cam);
  const ternary = x.net.cams[cam]!.ternary === true;
  const kw = x.width(key);
  if (mask !== undefined || ternary) {
    // Masked and ternary searches: key and mask as limbs, one helper.
    const k = limbsOf(kw);
    const fill = Array.from({ length: k }, (_, j) => `H_A[${j}] = ${x.limb(key, j)}; H_B[${j}] = ${mask === undefined ? -1 : x.limb(mask, j)};`);
    x.pre(`${fill.join(' ')} H_camSearch(${keys}, ${ternary ? camCareVar(cam) : 'null'}, ${valid}, ${k});`);
  } else if (!isWide(kw) && isNarrow(width)) return [`H_camMatch32(${keys}, ${valid}, ${x.ref(key)})`];
  else if (!isWide(kw)) x.pre(`H_camMatchN(${keys}, ${valid}, ${x.ref(key)});`);
  else {
    const k = limbsOf(kw);
    const fill = valueOf(x, key).map((l, j) => `H_A[${j}] = ${l};`).join(' ');
    x.pre(`${fill} H_camMatchW(${keys}, ${valid}, ${k});`);
  }
  return fromScratch(width, x);
}

/** A value of `width` bits left by a helper in H_R. */
function fromScratch(width: number, x: ExprCtx): string[] {
  const limbs = Array.from({ length: limbsOf(width) }, (_, j) => x.tmp(`H_R[${j}]`));
  return isNarrow(width) || isMid(width) ? [lowerLimbs(limbs, width)] : limbs;
}

/** Key read-back: the key stored in entry `index`, 0 past the last entry. */
export function camReadValue(cam: number, index: NodeId, x: ExprCtx): string[] {
  const c = x.net.cams[cam]!;
  return indexedRead(camKeyVar(cam), c.entries, c.keyWidth, index, x);
}

/** The valid bits as a vector of `width` (= entries) bits. */
export function camValidValue(cam: number, width: number, x: ExprCtx): string[] {
  if (isNarrow(width)) return [`H_camValid32(${camValidVar(cam)})`];
  x.pre(`H_camValidLimbs(${camValidVar(cam)});`);
  return fromScratch(width, x);
}

/** Writes of CAM `cam`, ports in list order so the last port wins; reset
 *  clears every valid bit and suppresses that cycle's writes. */
export function camWriteStatement(cam: number, x: ExprCtx, rst: string): string {
  const c = x.net.cams[cam]!;
  // Field by field: a port without a key (invalidate) writes the valid bit alone.
  const writes = c.writePorts.flatMap((p) => [
    ...(p.key === null ? [] : [guardedStore(camKeyVar(cam), c.entries, p.index, p.en, valueOf(x, p.key), x)]),
    ...(p.care === undefined ? [] : [guardedStore(camCareVar(cam), c.entries, p.index, p.en, valueOf(x, p.care), x)]),
    guardedStore(camValidVar(cam), c.entries, p.index, p.en, [x.ref(p.valid)], x),
  ]);
  return `if (${rst} !== 0) ${camValidVar(cam)}.fill(0); else { ${writes.join(' ')} }`;
}
