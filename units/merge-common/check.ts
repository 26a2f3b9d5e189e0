// Input checks shared by the golden models: a quad fragment must fit the
// configured MSAA rate and mask width. Errors name the grid and triangle.
import { fullPixelMask, type QuadFrag } from './quad.js';
import type { MergeMsaa } from './samples.js';
import { ParamError } from '../../hdl/errors.js';

export function checkQuadFrag(q: QuadFrag, msaa: MergeMsaa, maskWidth: number, unit: string): void {
  const at = `${unit}: grid ${q.grid}, triangle ${q.tri}, quad (${q.qx}, ${q.qy})`;
  if (!Number.isInteger(q.tri) || q.tri < 0 || q.tri >= maskWidth) {
    throw new ParamError('triangle', at, 'an index that fits the masks', { message: `${at}: triangle index does not fit the configured ${maskWidth}-bit masks (valid 0..${maskWidth - 1})` });
  }
  for (const a of q.adj) {
    if (!Number.isInteger(a) || a < 0 || a >= maskWidth) throw new ParamError('adjacent triangle', a, 'an index that fits adj_mask', { message: `${at}: adjacent triangle ${a} does not fit the configured ${maskWidth}-bit adj_mask` });
  }
  if (q.cov.length !== 4) throw new ParamError('coverage', q.cov.length, '4 pixels', { message: `${at}: coverage has ${q.cov.length} pixels, a quad has 4` });
  const full = fullPixelMask(msaa);
  q.cov.forEach((c, p) => {
    if (!Number.isInteger(c) || c < 0 || (c & ~full) !== 0) throw new ParamError('coverage', c, 'msaa bits', { message: `${at}: pixel ${p} coverage 0x${c.toString(16)} is wider than ${msaa} samples` });
  });
  if (q.depth.length !== 4 * msaa) throw new ParamError('depths', q.depth.length, '4 x msaa', { message: `${at}: ${q.depth.length} depths, expected 4 x ${msaa}` });
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
