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

/** For every node, the latest arrival among its combinational consumers,
 *  looking through aliases (-Infinity when it has none). */
export function latestConsumer(timing: Timing): Float64Array {
  const latest = new Float64Array(timing.graph.nodes.length).fill(-Infinity);
  timing.graph.nodes.forEach((g, v) => {
    for (const p of g.preds) if (timing.arrival[v]! > latest[p]!) latest[p] = timing.arrival[v]!;
  });
  // Reverse topological order: an alias's consumers are final before it is
  // folded into its source.
  for (let i = timing.order.length - 1; i >= 0; i--) {
    const v = timing.order[i]!;
    if (!isAlias(timing, v)) continue;
    const p = timing.graph.nodes[v]!.preds[0]!;
    if (latest[v]! > latest[p]!) latest[p] = latest[v]!;
    latest[v] = -Infinity;
  }
  return latest;
}

export function cutWidths(timing: Timing, stages: number, latest: Float64Array = latestConsumer(timing)): CutProfile {
  if (!Number.isInteger(stages) || stages < 1) throw new ParamError('stages', stages, 'an integer >= 1', { message: `inventory: pipeline stages must be an integer >= 1, got ${stages}` });
  const total = timing.criticalPath.totalPs;
  const cuts: Cut[] = [];
  const byPath: Record<string, number> = {};
  for (let i = 1; i < stages; i++) {
    const t = (total * i) / stages;
    let bits = 0;
    timing.graph.nodes.forEach((g, v) => {
      if (g.node.op !== 'const' && timing.arrival[v]! < t && t <= latest[v]!) {
        bits += g.node.width;
        byPath[g.path] = (byPath[g.path] ?? 0) + g.node.width;
      }
    });
    cuts.push({ timePs: t, bits });
  }
  return { stages, cuts, totalBits: cuts.reduce((s, c) => s + c.bits, 0), byPath };
}
