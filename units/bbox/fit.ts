// The STP fit check alone: does the MP's stamp-aligned box fit 2^b pixels a
// side, on one or more stamp grids. BBox (module.ts) computes the same bit
// with the box; this unit exists for a stage that must know the fit before
// any bbox is built: the Blur front end culls once per positioned MP, ahead
// of the per-lane bboxes, and its narrow cull (cull/module.ts) is exact only
// for MPs whose box fits, so it may drop a back-facing MP only when this
// says the box fits (otherwise the lane flags it out of range, as before).
//
// Several grids (the Hybrid: blur tiles, 16x cells, 4x cells) share one
// min/max tree on the finest grid's stamp indices: c -> c >> s is
// monotonic, so (min c >> s_fine) >> (s - s_fine) = min c >> s, and each
// grid only shifts the extremes and checks its span.
import { bundle, cat, defineModule, mux, ufixed, uint, vec, type UInt } from '../../hdl/index.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { ParamError } from '../../hdl/errors.js';

export interface StampFitConfig {
  readonly tvp: boolean;
  /** STP integer bits b. */
  readonly b: number;
  /** log2 of each grid's stamp side in 1/256 units; bit g of output `fit` is grid g's. */
  readonly grids: readonly number[];
}

const min = (a: UInt, b: UInt): UInt => mux(a.lt(b), a, b);
const max = (a: UInt, b: UInt): UInt => mux(a.lt(b), b, a);

export const StampFit = defineModule('StampFit', (m, cfg: StampFitConfig) => {
  if (cfg.grids.length === 0) throw new ParamError('grids', cfg.grids, 'at least one stamp size', { message: 'StampFit: grids must list at least one stamp size' });
  const fine = Math.min(...cfg.grids);
  const nv = cfg.tvp ? 4 : 3;
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const v = m.input('v', vec(nv, bundle({ x: coord, y: coord })));
  const pair = cfg.tvp ? m.input('pair', uint(1)) : undefined;
  // A lone triangle in pair mode: v0 stands in for v3 (as in BBox).
  const idx = (axis: 'x' | 'y'): UInt[] =>
    v.map((p, i) => {
      const s = p[axis].asUInt().shr(fine);
      return pair !== undefined && i === 3 ? mux(pair, s, v[0]![axis].asUInt().shr(fine)) : s;
    });
  const ext = (axis: 'x' | 'y'): [UInt, UInt] => {
    const e = idx(axis);
    return [e.reduce(min).named(`fit_${axis}0`), e.reduce(max).named(`fit_${axis}1`)];
  };
  const [x0, x1] = ext('x');
  const [y0, y1] = ext('y');
  const fits = cfg.grids.map((sb) => {
    const idxBits = COORD_BITS - sb;
    const localStamp = cfg.b + SUBPIXEL_BITS - sb;
    // (span + 1) stamps <= 2^localStamp; at b = 14 every box fits.
    const axisFits = (lo: UInt, hi: UInt): UInt => {
      if (localStamp >= idxBits) return m.lit(1, uint(1));
      const span = hi.shr(sb - fine).subWrap(lo.shr(sb - fine));
      return span.shr(localStamp).eq(0);
    };
    return axisFits(x0, x1).and(axisFits(y0, y1));
  });
  const fit = m.output('fit', uint(fits.length));
  fit.drive(fits.length === 1 ? fits[0]! : cat(...fits.slice().reverse()));
  return { v, pair, fit };
});
