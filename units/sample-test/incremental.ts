// Pineda's incremental edge evaluation for the sample test: the edge value at
// the bbox origin comes from the edge setup (its multiplies are per MP), and
// the walk keeps two running sums per edge, E at the current stamp's corner
// and E at its row's first stamp, stepped with the iterator: one stamp right
// subtracts dy << stampBits, one row down adds dx << stampBits (shifts, no
// multiplier). A lane adds its sample's constant offset from the stamp
// corner, dx oy - dy ox, as shifts and adds of the constant (signed digits,
// as synthesis maps a constant multiply). Where the offset depends on the
// stamp's phase inside its pixel the constant is muxed and multiplied: a
// narrow (stampBits + 1)-bit operand. All sums wrap at 2b+17 bits: the final
// value of a sample inside the box fits there (raster-common/local-widths.ts),
// so the wrapped intermediates cannot change it.
import { cat, mux, muxN, uint, type Fixed, type ModuleBuilder, type SInt, type UInt } from '../../hdl/index.js';
import { localWidths } from '../raster-common/local-widths.js';
import { laneOffsets, type LaneOffset } from './lane-offsets.js';

export interface IncrementalIo {
  /** R2 takes a new MP: start the sums from its origin values. */
  readonly load: UInt;
  /** The iterator moves on to its next stamp. */
  readonly step: UInt;
  /** The current stamp is the last of its row. */
  readonly rowEnd: UInt;
  /** Per edge, E at the bbox origin (edge setup). */
  readonly e0: readonly SInt[];
}

export interface EdgeIn {
  readonly name: string;
  readonly dx: Fixed;
  readonly dy: Fixed;
}

interface Cfg {
  readonly b: number;
  readonly msaa: 4 | 16;
  readonly k: number;
  readonly stampBits: number;
  readonly phaseBits: number;
}

/** Sign-extend or wrap to w bits. */
export function fit(x: SInt, w: number): SInt {
  return x.width <= w ? x.sext(w) : x.trunc(w);
}

/** Non-adjacent form of c >= 0: [shift, +1 | -1] digits, fewest adders. */
function signedDigits(c: number): [number, 1 | -1][] {
  const out: [number, 1 | -1][] = [];
  for (let v = c, i = 0; v > 0; i++, v = Math.floor(v / 2)) {
    if (v % 2 === 0) continue;
    const d: 1 | -1 = v % 4 === 1 ? 1 : -1;
    out.push([i, d]);
    v -= d;
  }
  return out;
}

/** acc + dx oy - dy ox for a constant offset (ox, oy >= 0): shifts and adds
 *  of the deltas (signed digits, as synthesis maps a constant multiply), all
 *  wrapping at w bits. */
export function plusConstantOffset(acc: SInt, e: EdgeIn, o: LaneOffset, w: number): SInt {
  const terms: [SInt, number, 1 | -1][] = [
    ...signedDigits(o.oy).map(([s, d]): [SInt, number, 1 | -1] => [e.dx.asSInt(), s, d]),
    ...signedDigits(o.ox).map(([s, d]): [SInt, number, 1 | -1] => [e.dy.asSInt(), s, d === 1 ? -1 : 1]),
  ];
  let out = acc;
  for (const [x, s, d] of terms) {
    const t = fit(x.shl(s), w);
    out = d === 1 ? out.addWrap(t) : out.subWrap(t);
  }
  return out;
}

/** One carry-save step: the pair (s, c), whose sum mod 2^w is the running
 *  value, plus x, as a new pair. Every bit is one full adder (sum
 *  s ^ c ^ x, carry the majority, moved up one bit); no carry ripples, so
 *  the step's delay is a full adder's whatever w. `cin` fills the carry's
 *  free low bit: 1 turns x = ~y into a subtract of y. */
function carrySaveStep(m: ModuleBuilder, s: UInt, c: UInt, x: UInt, cin: 0 | 1): [UInt, UInt] {
  const w = s.width;
  const maj = s.and(c).or(s.and(x)).or(c.and(x));
  return [s.xor(c).xor(x), cat(maj.bits(w - 2, 0), m.lit(cin, uint(1)))];
}

/** Per edge, E at the current stamp's corner: two running sums of w bits,
 *  loaded with E at the box origin and stepped with the iterator; `stride`
 *  turns a delta into its step across one stamp (delta << stampBits, wrapped
 *  to w; a mux of shifts when the grid is chosen at run time).
 *
 *  The sums are kept in carry-save form (a sum and a carry word each): a
 *  running sum is a loop through its register, which no pipeline stage can
 *  cut, and with a carry-propagate adder in it (33 bits at STP 8.8, in its
 *  fastest form) the loop alone is longer than a 2 GHz cycle at the
 *  published corner. In carry-save form the loop is one full adder and two
 *  2:1 muxes; the one carry-propagate add per edge that turns the pair into
 *  E is outside the loop, where pipelining reaches it. All sums wrap at w
 *  bits, so the pair's sum is the same E bit for bit.
 *
 *  The sums hold through the register's enable, not a mux back from its
 *  output (the enable is no part of a loop: it freezes the state as a stall
 *  does). No reset: a sum is loaded before the walk reads it. */
export function runningSums(m: ModuleBuilder, w: number, edges: readonly EdgeIn[], io: IncrementalIo, stride: (d: SInt) => SInt): SInt[] {
  const stepRow = io.step.and(io.rowEnd);
  return edges.map((e, i) => {
    const enCur = io.load.or(io.step);
    const enRow = io.load.or(stepRow);
    const curS = m.reg(`${e.name}_ecur_s`, uint(w), { init: null, en: enCur });
    const curC = m.reg(`${e.name}_ecur_c`, uint(w), { init: null, en: enCur });
    const rowS = m.reg(`${e.name}_erow_s`, uint(w), { init: null, en: enRow });
    const rowC = m.reg(`${e.name}_erow_c`, uint(w), { init: null, en: enRow });
    const [rowNextS, rowNextC] = carrySaveStep(m, rowS, rowC, stride(e.dx.asSInt()).asUInt(), 0);
    const [colNextS, colNextC] = carrySaveStep(m, curS, curC, stride(e.dy.asSInt()).asUInt().not(), 1);
    const e0 = io.e0[i]!.asUInt();
    curS.drive(mux(io.load, e0, mux(io.rowEnd, rowNextS, colNextS)));
    curC.drive(mux(io.load, 0, mux(io.rowEnd, rowNextC, colNextC)));
    rowS.drive(mux(io.load, e0, rowNextS));
    rowC.drive(mux(io.load, 0, rowNextC));
    return curS.addWrap(curC).asSInt().named(`${e.name}_ecur`);
  });
}

/** Returns the edge value of lane l, edge ei at the current stamp. */
export function incrementalEdges(
  m: ModuleBuilder,
  cfg: Cfg,
  edges: readonly EdgeIn[],
  io: IncrementalIo,
): (l: number, ei: number, phase: UInt | null) => SInt {
  const w = localWidths(cfg.b).edge;
  const sb = cfg.stampBits;
  const corner = runningSums(m, w, edges, io, (d) => fit(d.shl(sb), w));
  const table = laneOffsets(cfg);
  return (l, ei, phase) => {
    const e = edges[ei]!;
    const offs = table[l]!;
    let acc = corner[ei]!;
    if (phase === null) return plusConstantOffset(acc, e, offs[0]!, w);
    const ob = sb + 1;
    const pick = (axis: 'ox' | 'oy'): SInt => muxN(phase, offs.map((o) => m.lit(o[axis], uint(sb)))).zext(ob).asSInt();
    acc = acc.addWrap(fit(e.dx.asSInt().mul(pick('oy')), w));
    return acc.subWrap(fit(e.dy.asSInt().mul(pick('ox')), w));
  };
}
