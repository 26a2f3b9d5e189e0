// Pipeline-register estimate for ideal retiming into k stages. Cut the
// critical-path delay T at t = T/k, 2T/k, ..., (k-1)T/k. A value crosses the
// cut at t when it is produced before t (arrival < t) and some combinational
// consumer of it finishes at or after t (t <= consumer arrival): such a value
// must be held in a register at that cut. The cut costs the sum of the widths
// of the values crossing it.
//
// Approximations, on purpose: consumers are judged by when they finish, so an
// operator straddling the cut is charged its inputs rather than some interior
// signal; endpoints (registers, outputs) are not consumers, so a value that
// only feeds a register is not carried to the end of the cycle (retiming
// would move that register back); wiring nodes have their source's arrival,
// so a slice is charged its own width, not its source's. Pure renames (wires,
// instance ports) and extensions are folded into their source so a value is
// counted once; constants never need a register.
import type { Timing } from './critical-path.js';
import { ParamError } from '../errors.js';
import { graphArrays } from './graph-arrays.js';

export interface Cut {
  timePs: number;
  bits: number;
}

/** The pipeline register bits one instance holds. */
export interface CutHolder {
  path: string;
  bits: number;
}

export interface CutProfile {
  stages: number;
  cuts: Cut[];
  /** Pipeline register bits added by cutting into `stages` stages. */
  totalBits: number;
  /** The same bits by the instance that produces the value held: a cut
   *  register belongs to the component whose logic it splits. In the order
   *  a cut-by-cut, node-by-node scan meets them. */
  readonly byPath: Record<string, number>;
}

/** The holders of each profile cutWidths made, in byPath's order: a sweep
 *  cuts each design at a dozen depths and reads only this list, so the
 *  record keyed by path is built only when someone reads it. */
const holdersOf = new WeakMap<CutProfile, readonly CutHolder[]>();

/** A profile's byPath as a list, in its order. */
export function cutHolders(profile: CutProfile): readonly CutHolder[] {
  return holdersOf.get(profile) ?? Object.entries(profile.byPath).map(([path, bits]) => ({ path, bits }));
}

/** The aliases of a graph (graphArrays' `alias`: the register that holds
 *  the source holds them too) in reverse topological order of `order`, with
 *  the source each folds into. */
const aliasesOf = new WeakMap<Int32Array, Int32Array>();

/** For every node, the latest arrival among its combinational consumers,
 *  looking through aliases (-Infinity when it has none). */
export function latestConsumer(timing: Timing): Float64Array {
  const { n, predStart, pred, alias } = graphArrays(timing.graph);
  const arrival = timing.arrival;
  const latest = new Float64Array(n).fill(-Infinity);
  for (let v = 0; v < n; v++) {
    const t = arrival[v]!;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) if (t > latest[pred[k]!]!) latest[pred[k]!] = t;
  }
  // Reverse topological order: an alias's consumers are final before it is
  // folded into its source.
  let aliases = aliasesOf.get(timing.order);
  if (aliases === undefined) {
    const list: number[] = [];
    for (let i = timing.order.length - 1; i >= 0; i--) {
      const v = timing.order[i]!;
      if (alias[v]) list.push(v, pred[predStart[v]!]!);
    }
    aliasesOf.set(timing.order, (aliases = Int32Array.from(list)));
  }
  for (let i = 0; i < aliases.length; i += 2) {
    const v = aliases[i]!;
    const p = aliases[i + 1]!;
    if (latest[v]! > latest[p]!) latest[p] = latest[v]!;
    latest[v] = -Infinity;
  }
  return latest;
}

/** The values that can cross a cut: non-constant nodes read after they
 *  arrive (arrival < latest consumer), with their widths and instances. */
interface Crossing {
  readonly node: Int32Array;
  readonly arrival: Float64Array;
  readonly latest: Float64Array;
  readonly width: Float64Array;
  /** Index into `paths` of the instance producing the value. */
  readonly path: Int32Array;
  readonly paths: readonly string[];
}

/** Per `latest` array (one per timing and its consumers): a sweep cuts the
 *  same timing at a dozen depths. */
const crossings = new WeakMap<Float64Array, Crossing>();

function crossingOf(timing: Timing, latest: Float64Array): Crossing {
  let c = crossings.get(latest);
  if (c !== undefined) return c;
  const a = graphArrays(timing.graph);
  let count = 0;
  for (let v = 0; v < a.n; v++) if (!a.constant[v] && timing.arrival[v]! < latest[v]!) count++;
  // Plain loops: a typed array's from() with a mapping function calls it
  // per element, and this runs once per timing (a sweep point, mostly).
  const node = new Int32Array(count);
  const arrival = new Float64Array(count);
  const late = new Float64Array(count);
  const width = new Float64Array(count);
  const path = new Int32Array(count);
  let j = 0;
  for (let v = 0; v < a.n; v++) {
    if (a.constant[v] || !(timing.arrival[v]! < latest[v]!)) continue;
    node[j] = v;
    arrival[j] = timing.arrival[v]!;
    late[j] = latest[v]!;
    width[j] = a.width[v]!;
    path[j++] = a.path[v]!;
  }
  c = { node, arrival, latest: late, width, path, paths: a.paths };
  crossings.set(latest, c);
  return c;
}

/**
 * The register bits of cutting into `stages` stages: at each cut time
 * t_i = T i / stages (i = 1 .. stages - 1), every value with
 * arrival < t_i <= latest consumer. Each value's run of cuts is found from
 * its interval (bounds checked with the cut times themselves, computed as
 * T i / stages, so a value arriving exactly at a cut is judged as a direct
 * comparison judges it), not by testing every value at every cut; the
 * instances appear in `byPath` in the order a cut-by-cut, node-by-node scan
 * meets them.
 */
export function cutWidths(timing: Timing, stages: number, latest: Float64Array = latestConsumer(timing)): CutProfile {
  if (!Number.isInteger(stages) || stages < 1) throw new ParamError('stages', stages, 'an integer >= 1', { message: `inventory: pipeline stages must be an integer >= 1, got ${stages}` });
  const total = timing.criticalPath.totalPs;
  const k = stages;
  // The cut times, each computed once as T i / k: the bound tests below
  // compare against exactly these values.
  const times = new Float64Array(k + 1);
  for (let i = 0; i <= k; i++) times[i] = (total * i) / k;
  const c = crossingOf(timing, latest);
  const diff = new Float64Array(k + 1);
  const bitsOf = new Float64Array(c.paths.length);
  // Per instance: the first cut and node (in scan order) at which it holds a value.
  const firstCut = new Int32Array(c.paths.length).fill(k);
  const firstNode = new Int32Array(c.paths.length);
  if (k > 1 && total > 0) {
    // Only a first guess at each bound (the loops below settle it against the cut times).
    const perPs = k / total;
    for (let j = 0; j < c.node.length; j++) {
      const a = c.arrival[j]!;
      const l = c.latest[j]!;
      // Lowest i with a < t_i, highest with t_i <= l, within 1 .. k - 1.
      let lo = Math.min(k, Math.max(1, Math.floor(a * perPs) + 1));
      while (lo > 1 && a < times[lo - 1]!) lo--;
      while (lo <= k - 1 && !(a < times[lo]!)) lo++;
      let hi = Math.max(0, Math.min(k - 1, Math.floor(l * perPs)));
      while (hi >= 1 && !(times[hi]! <= l)) hi--;
      while (hi + 1 <= k - 1 && times[hi + 1]! <= l) hi++;
      if (lo > hi) continue;
      const w = c.width[j]!;
      const p = c.path[j]!;
      diff[lo]! += w;
      diff[hi + 1]! -= w;
      bitsOf[p]! += w * (hi - lo + 1);
      if (lo < firstCut[p]!) {
        firstCut[p] = lo;
        firstNode[p] = c.node[j]!;
      }
    }
  }
  const cuts: Cut[] = [];
  let run = 0;
  for (let i = 1; i < k; i++) {
    run += diff[i]!;
    cuts.push({ timePs: times[i]!, bits: run });
  }
  // Instances by (first cut, first node), as one number each: a node
  // belongs to one instance, so no two keys tie, and a typed array sorts
  // numbers without a comparator call per step.
  const np = c.paths.length;
  const span = timing.arrival.length;
  const keys: number[] = [];
  for (let p = 0; p < np; p++) if (bitsOf[p]! > 0) keys.push((firstCut[p]! * span + firstNode[p]!) * np + p);
  const sorted = Float64Array.from(keys).sort();
  const holders: CutHolder[] = [];
  for (const key of sorted) {
    const p = key % np;
    holders.push({ path: c.paths[p]!, bits: bitsOf[p]! });
  }
  let byPath: Record<string, number> | null = null;
  const profile: CutProfile = {
    stages,
    cuts,
    totalBits: cuts.reduce((s, x) => s + x.bits, 0),
    get byPath(): Record<string, number> {
      if (byPath === null) {
        byPath = {};
        for (const h of holders) byPath[h.path] = h.bits;
      }
      return byPath;
    },
  };
  holdersOf.set(profile, holders);
  return profile;
}
