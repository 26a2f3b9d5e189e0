// How well can any design in a study's space calibrate? Each published
// component has a range of model figures over the design space (its least
// and largest area and power over every micro-architecture and every delay
// knob in bounds). A global knob k (in its physical bounds) scales every
// component alike, so the residual of component i cannot be smaller than
// the log distance from its published figure to k x its range; the RMS of
// those distances, minimised over k, is a lower bound on the RMS log error
// of every calibration in that space. It is optimistic twice over: each
// component sits at its own best design, which no single design achieves at
// once, and a component whose range covers its published figure counts as
// a perfect fit. If even this bound is above the target, no design and no
// knob inside its bounds reaches it; the table shows which components keep
// it there.
import { InternalError } from '../hdl/errors.js';

export interface ComponentRange {
  component: string;
  published: number;
  /** Least and largest model figure over the space at knob 1 (the knob scales both). */
  least: number;
  largest: number;
}

/** ln distance from `published` to [k least, k largest] (0 inside). */
export function logGap(r: ComponentRange, k: number): number {
  const lo = Math.log(k * r.least);
  const hi = Math.log(k * r.largest);
  const p = Math.log(r.published);
  return p < lo ? lo - p : p > hi ? p - hi : 0;
}

export interface FloorBound {
  /** The knob value that gives the bound. */
  knob: number;
  /** Lower bound on the RMS log error of any calibration in the space. */
  rms: number;
  gaps: { component: string; gap: number }[];
}

/** The bound, minimised over the knob in [lo, hi] (the RMS of gaps is
 *  convex in ln k: each gap is a hinge in ln k, so a fine log grid then a
 *  golden-section search finds the minimum). */
export function rmsFloor(ranges: readonly ComponentRange[], bounds: readonly [number, number]): FloorBound {
  if (ranges.length === 0) throw new InternalError('rmsFloor: no components');
  for (const r of ranges) {
    if (!(r.published > 0 && r.least > 0 && r.largest >= r.least)) {
      throw new InternalError(`rmsFloor: component "${r.component}" needs published > 0 and 0 < least <= largest; got ${r.published}, ${r.least}, ${r.largest}`);
    }
  }
  const [lo, hi] = bounds;
  const at = (lnK: number): number => Math.sqrt(ranges.reduce((s, r) => s + logGap(r, Math.exp(lnK)) ** 2, 0) / ranges.length);
  let a = Math.log(lo);
  let b = Math.log(hi);
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 80; i++) {
    const x1 = b - phi * (b - a);
    const x2 = a + phi * (b - a);
    if (at(x1) <= at(x2)) b = x2;
    else a = x1;
  }
  const lnK = (a + b) / 2;
  const k = Math.exp(lnK);
  return { knob: k, rms: at(lnK), gaps: ranges.map((r) => ({ component: r.component, gap: logGap(r, k) })) };
}

// The joint bound the published power densities impose. For component i,
// ln(model power / published) - ln(model area / published) is the log of its
// model power density over the published one. Since x^2 + y^2 >= (x - y)^2
// / 2, the mean of (area residual^2 + power residual^2) is at least half the
// mean squared density gap, whatever the area and energy models do:
// RMS_area^2 + RMS_power^2 >= G^2 / 2, with G the RMS of the gaps from each
// published density to the range of its model's (over the designs and the
// area and energy knobs in their bounds, each component at its own best:
// optimistic, so a bound). The published blocks run at 0.5 to 12 W/mm^2
// while a model's blocks at one clock and full activity differ far less, so
// G stays well above zero.

export interface DensityBound {
  /** sqrt(RMS_area^2 + RMS_power^2) is at least this. */
  joint: number;
  /** The density gaps (ratio: the knob that scales every model density). */
  floor: FloorBound;
}

/** `densities`: each component's published power density and the least and
 *  largest of its model's; `ratio`: the range of a factor every model
 *  density may still be scaled by ([1, 1] when the ranges already cover the
 *  knobs; [0, inf) for "any model whose densities are in these ratios"). */
export function densityBound(densities: readonly ComponentRange[], ratio: readonly [number, number]): DensityBound {
  const floor = rmsFloor(densities, ratio);
  return { joint: floor.rms / Math.SQRT2, floor };
}

/** The least RMS power error a calibration can have once its RMS area error
 *  is at most `areaRms`, under the joint bound. */
export function powerFloorAtArea(joint: number, areaRms: number): number {
  return Math.sqrt(Math.max(0, joint * joint - areaRms * areaRms));
}
