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

export interface CutProfile {
  stages: number;
  cuts: Cut[];
  /** Pipeline register bits added by cutting into `stages` stages. */
  totalBits: number;
  /** The same bits by the instance that produces the value held: a cut
   *  register belongs to the component whose logic it splits. */
  byPath: Record<string, number>;
}

/** A node that only renames its single predecessor, or widens it with
 *  constant or copied bits (zero and sign extension): the register that
 *  holds the predecessor holds it too, so a value is counted once however
 *  many extended copies of it its consumers read. */
function isAlias(timing: Timing, v: number): boolean {
  const g = timing.graph.nodes[v]!;
  const op = g.node.op;
  return g.preds.length === 1 && (op === 'wire' || op === 'input' || op === 'instout' || op === 'zext' || op === 'sext');
}

/** The aliases of a graph in reverse topological order of `order`, with the source each folds into. */
const aliasesOf = new WeakMap<Int32Array, Int32Array>();

/** For every node, the latest arrival among its combinational consumers,
 *  looking through aliases (-Infinity when it has none). */
export function latestConsumer(timing: Timing): Float64Array {
  const { n, predStart, pred } = graphArrays(timing.graph);
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
      if (isAlias(timing, v)) list.push(v, pred[predStart[v]!]!);
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
  const time = (i: number): number => (total * i) / k;
  const c = crossingOf(timing, latest);
  const diff = new Float64Array(k + 1);
  const bitsOf = new Float64Array(c.paths.length);
  // Per instance: the first cut and node (in scan order) at which it holds a value.
  const firstCut = new Int32Array(c.paths.length).fill(k);
  const firstNode = new Int32Array(c.paths.length);
  if (k > 1 && total > 0) {
    for (let j = 0; j < c.node.length; j++) {
      const a = c.arrival[j]!;
      const l = c.latest[j]!;
      // Lowest i with a < t_i, highest with t_i <= l, within 1 .. k - 1.
      let lo = Math.max(1, Math.floor((a * k) / total) + 1);
      while (lo > 1 && a < time(lo - 1)) lo--;
      while (lo <= k - 1 && !(a < time(lo))) lo++;
      let hi = Math.min(k - 1, Math.floor((l * k) / total));
      while (hi >= 1 && !(time(hi) <= l)) hi--;
      while (hi + 1 <= k - 1 && time(hi + 1) <= l) hi++;
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
    cuts.push({ timePs: time(i), bits: run });
  }
  const order = [...c.paths.keys()].filter((p) => bitsOf[p]! > 0).sort((x, y) => firstCut[x]! - firstCut[y]! || firstNode[x]! - firstNode[y]!);
  const byPath: Record<string, number> = {};
  for (const p of order) byPath[c.paths[p]!] = bitsOf[p]!;
  return { stages, cuts, totalBits: cuts.reduce((s, x) => s + x.bits, 0), byPath };
}
