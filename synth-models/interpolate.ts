// Between published widths: power-law (straight line in log-log) interpolation
// between neighbouring anchors, which is exact at every anchor and keeps the
// local scaling exponent the data shows (8 -> 32-bit multiplier energy grows
// as width^1.98, say). Outside the anchors: the scaling law the structure
// implies (linear for ripple adders, quadratic for array multipliers),
// continued from the nearest anchor.
import { InternalError, ParamError } from '../hdl/errors.js';

export interface Anchor {
  x: number;
  y: number;
}

export function powerLaw(anchors: readonly Anchor[], x: number, exponentOutside: number): number {
  if (anchors.length === 0) throw new InternalError('powerLaw: no anchors');
  if (!(x > 0)) throw new ParamError('x', x, 'a positive number', { message: `powerLaw: x must be positive, got ${x}` });
  const a = [...anchors].sort((p, q) => p.x - q.x);
  const first = a[0]!;
  const last = a[a.length - 1]!;
  if (x <= first.x) return first.y * (x / first.x) ** exponentOutside;
  if (x >= last.x) return last.y * (x / last.x) ** exponentOutside;
  for (let i = 0; i + 1 < a.length; i++) {
    const lo = a[i]!;
    const hi = a[i + 1]!;
    if (x <= hi.x) {
      const k = Math.log(hi.y / lo.y) / Math.log(hi.x / lo.x);
      return lo.y * (x / lo.x) ** k;
    }
  }
  return last.y;
}
