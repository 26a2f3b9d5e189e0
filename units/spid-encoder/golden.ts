// Reference SPID encoding (sort-units.md): key = primitive id in the high 32
// bits, the Morton code of the shading coordinates in the low 32 bits, with
// sx bit i at position 2i and sy bit i at 2i + 1. Written with a byte table
// (each byte of a coordinate spread to 16 bits once), not the bit-by-bit
// wiring the DSL encoder uses, so the two agree only if both are right.
import { ParamError } from '../../hdl/errors.js';

const SPREAD = (() => {
  const t = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    let s = 0;
    for (let i = 0; i < 8; i++) s += ((b >> i) & 1) * 4 ** i;
    t[b] = s;
  }
  return t;
})();

function checkCoord(name: string, v: number): void {
  if (!Number.isInteger(v) || v < 0 || v > 0xffff) throw new ParamError('name', v, 'an integer in 0..65535', { message: `SPID: shading coordinate ${name} = ${v} is not an integer in 0..65535` });
}

/** One 16-bit coordinate's bits at the even positions of 32. At module
 *  level: a closure made per call cost more than the lookups (the sort
 *  study encodes every covered pixel of 20 frames). */
function spread(v: number): number {
  return SPREAD[v & 0xff]! + SPREAD[v >>> 8]! * 65536;
}

/** The 32-bit Morton code of (sx, sy), 16 bits each. */
export function mortonEncode(sx: number, sy: number): number {
  checkCoord('sx', sx);
  checkCoord('sy', sy);
  return (spread(sx) + 2 * spread(sy)) >>> 0;
}

/** Inverse of mortonEncode: even bits back to sx, odd bits to sy. */
export function mortonDecode(code: number): { sx: number; sy: number } {
  let sx = 0;
  let sy = 0;
  const s = code.toString(2).padStart(32, '0');
  for (let i = 0; i < 16; i++) {
    if (s[31 - 2 * i] === '1') sx += 2 ** i;
    if (s[30 - 2 * i] === '1') sy += 2 ** i;
  }
  return { sx, sy };
}

/** The 64-bit SPID key of a visible sample. */
export function spidKey(pid: number, sx: number, sy: number, pidBits = 32): bigint {
  if (!Number.isInteger(pid) || pid < 0 || pid >= 2 ** pidBits) {
    throw new ParamError('pid', pid, 'an id that fits pidBits', { message: `SPID: primitive id ${pid} exceeds pidBits = ${pidBits} (valid 0..${2 ** pidBits - 1})` });
  }
  return (BigInt(pid) << 32n) | BigInt(mortonEncode(sx, sy));
}
