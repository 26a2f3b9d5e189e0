// Input checks shared by the golden models: a quad fragment must fit the
// configured MSAA rate (and, for QFM, the mask width). Errors name the grid
// or draw and the triangle.
import { fullPixelMask, type QuadFrag } from './quad.js';
import type { MergeMsaa } from './samples.js';
import { ParamError } from '../../hdl/errors.js';

/** Coverage and depth fit `msaa`; `at(q)` names the fragment in errors (called only for one: the models check every fragment of every run). */
export function checkQuadCoverage(q: QuadFrag, msaa: MergeMsaa, at: (q: QuadFrag) => string): void {
  if (q.cov.length !== 4) throw new ParamError('coverage', q.cov.length, '4 pixels', { message: `${at(q)}: coverage has ${q.cov.length} pixels, a quad has 4` });
  const full = fullPixelMask(msaa);
  q.cov.forEach((c, p) => {
    if (!Number.isInteger(c) || c < 0 || (c & ~full) !== 0) throw new ParamError('coverage', c, `${msaa} sample bits`, { message: `${at(q)}: pixel ${p} coverage 0x${c.toString(16)} is wider than ${msaa} samples` });
  });
  if (q.depth.length !== 4 * msaa) throw new ParamError('depths', q.depth.length, `4 x ${msaa}`, { message: `${at(q)}: ${q.depth.length} depths, expected 4 x ${msaa}` });
}

/** QFM's name of a fragment in errors. */
function qfmAt(q: QuadFrag): string {
  return `qfm: grid ${q.grid}, triangle ${q.tri}, quad (${q.qx}, ${q.qy})`;
}

/** QFM's input: coverage, and the triangle and its neighbours inside the mask width. */
export function checkQuadFrag(q: QuadFrag, msaa: MergeMsaa, maskWidth: number): void {
  const at = qfmAt;
  if (!Number.isInteger(q.tri) || q.tri < 0 || q.tri >= maskWidth) {
    throw new ParamError('triangle', q.tri, `0..${maskWidth - 1}`, { message: `${at(q)}: triangle index does not fit the configured ${maskWidth}-bit masks (valid 0..${maskWidth - 1})` });
  }
  for (const a of q.adj) {
    if (!Number.isInteger(a) || a < 0 || a >= maskWidth) throw new ParamError('adjacent triangle', a, `0..${maskWidth - 1}`, { message: `${at(q)}: adjacent triangle ${a} does not fit the configured ${maskWidth}-bit adj_mask` });
  }
  checkQuadCoverage(q, msaa, at);
}

/** A bit mask over the grid's triangles, as a bigint. */
export function triMask(ids: Iterable<number>): bigint {
  let m = 0n;
  for (const i of ids) m |= 1n << BigInt(i);
  return m;
}

export function maskBits(m: bigint): number[] {
  // Through the binary string: shifting a 512-bit bigint bit by bit is slow.
  const bits = m.toString(2);
  const out: number[] = [];
  for (let i = bits.length - 1; i >= 0; i--) if (bits.charCodeAt(i) === 49) out.push(bits.length - 1 - i);
  return out;
}
