// The per-triangle reciprocal as a multi-cycle unit: the same normalised
// restoring division as reciprocal.ts (n = ceil(2^(W+24) / Dn), the P + 1 =
// 25 rows that remain once Dn is normalised), one row per cycle on one
// (W+1)-bit subtractor and one W-bit mux, instead of 25 rows side by side.
// It only has to finish once per MP: while the iterator walks the previous
// MP for 25 cycles or more, it never holds the pipeline; on smaller MPs the
// setup stage waits for it (`done`), and the cycle simulation counts those
// stalls. Bit-exact with the unrolled unit: the same rows in the same order.
//
// `start` (one cycle) loads D and normalises it; `done` is high from the
// cycle after the last row until the next start, with n and len valid.
import { cat, defineModule, mux, uint, type UInt } from '../../hdl/index.js';
import { DEPTH_RECIP_FRAC_BITS } from '../raster-common/formats.js';
import { lenBitsOf, normalise, RECIP_BITS } from './reciprocal.js';

export interface ReciprocalIterConfig {
  readonly dBits: number;
}

/** Rows of the normalised division, one per cycle. */
export const RECIP_ROWS = DEPTH_RECIP_FRAC_BITS + 1;

export const ReciprocalIter = defineModule('ReciprocalIter', (m, cfg: ReciprocalIterConfig) => {
  const w = cfg.dBits;
  const lenBits = lenBitsOf(w);
  const start = m.input('start', uint(1));
  const d = m.input('d', uint(w));
  const n = m.output('n', uint(RECIP_BITS));
  const len = m.output('len', uint(lenBits));
  const done = m.output('done', uint(1));

  const cntBits = Math.ceil(Math.log2(RECIP_ROWS + 1));
  const dnR = m.reg('dn', uint(w), { init: null });
  const lenR = m.reg('len_q', uint(lenBits), { init: null });
  const r = m.reg('rem', uint(w), { init: null });
  const q = m.reg('quot', uint(RECIP_ROWS), { init: null });
  const left = m.reg('rows_left', uint(cntBits), { init: 0 });

  // One restoring row: t = 2r + 1 (the dividend is all ones), keep t - Dn
  // when it does not borrow.
  const t = cat(r, m.lit(1, uint(1)));
  const diff = t.subWrap(dnR.zext(w + 1)).named('diff');
  const take = diff.bit(w).not().named('take');
  const busy = left.orR().named('busy');

  const norm = normalise(d);
  m.when(start, () => {
    dnR.set(norm.dn);
    lenR.set(m.lit(w, uint(lenBits)).subWrap(norm.lz.zext(lenBits)));
    r.set(m.lit(2 ** (w - 1) - 1, uint(w)));
    q.set(0);
    left.set(RECIP_ROWS);
  }).elsewhen(busy, () => {
    r.set(mux(take, diff.trunc(w), t.trunc(w)) as UInt);
    q.set(cat(q.trunc(RECIP_ROWS - 1), take));
    left.set(left.subWrap(1));
  });

  done.drive(busy.not());
  n.drive(q.add(1));
  len.drive(lenR);
  return { start, d, n, len, done };
});
