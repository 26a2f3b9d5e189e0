// Quad fragments <-> the QFM module's stream payloads, and a run of the
// module over a scene's grids with random bubbles and back-pressure.
import { createSimulator } from '../../hdl/sim/index.js';
import type { Design } from '../../hdl/ir.js';
import { runUntilDone } from '../../testbenches/clocked.js';
import type { Rng } from '../../testbenches/rng.js';
import { type Payload, StreamDriver, StreamMonitor } from '../../testbenches/stream.js';
import type { QuadFrag, ShadedQuad } from '../merge-common/quad.js';
import type { MergeMsaa } from '../merge-common/samples.js';

export interface QfmStreamShape {
  readonly msaa: MergeMsaa;
  readonly depthBits: number;
  readonly triBits: number;
}

function packBits(values: readonly number[], bits: number): bigint {
  let v = 0n;
  for (let i = values.length - 1; i >= 0; i--) v = (v << BigInt(bits)) | BigInt(values[i]!);
  return v;
}

export function quadPayload(q: QuadFrag, last: boolean, s: QfmStreamShape): Payload {
  let adj = 0n;
  for (const a of q.adj) adj |= 1n << BigInt(a);
  return {
    qx: BigInt(q.qx),
    qy: BigInt(q.qy),
    back: q.back ? 1n : 0n,
    cov: packBits(q.cov, s.msaa),
    centre: packBits(q.centre.map((c, p) => (c && q.cov[p] !== 0 ? 1 : 0)), 1),
    depth: packBits(q.depth.map((z) => z & ((1 << s.depthBits) - 1)), s.depthBits),
    tri: BigInt(q.tri),
    adj,
    last: last ? 1n : 0n,
  };
}

/** The golden model's output in the module's payload form (depth cut to depthBits). */
export function shadedPayload(o: ShadedQuad, s: QfmStreamShape): Record<string, bigint> {
  let tris = 0n;
  for (const t of o.tris) tris |= 1n << BigInt(t);
  return {
    qx: BigInt(o.qx),
    qy: BigInt(o.qy),
    back: o.back ? 1n : 0n,
    cov: packBits(o.cov, s.msaa),
    depth: packBits(o.depth.map((z) => z & ((1 << s.depthBits) - 1)), s.depthBits),
    src: packBits(o.src, s.triBits),
    tris,
  };
}

export const OUT_FIELDS = ['qx', 'qy', 'back', 'cov', 'depth', 'src', 'tris'] as const;

export interface StreamRun {
  readonly received: Record<string, bigint>[];
  readonly cycles: number;
  /** Cycles in which a fragment was offered and not accepted. */
  readonly stalls: number;
}

/** Drive every grid's fragments (the last of each grid marked) and collect the output stream. */
export function runStream(design: Design, top: string, grids: readonly (readonly QuadFrag[])[], s: QfmStreamShape, rng: Rng, bubble: number, stall: number): StreamRun {
  const sim = createSimulator(design);
  sim.reset();
  const drv = new StreamDriver(`${top}.in`, { rng: rng.fork('drv'), bubbleProbability: bubble });
  const mon = new StreamMonitor(`${top}.out`, { rng: rng.fork('mon'), stallProbability: stall, fields: OUT_FIELDS });
  let n = 0;
  for (const g of grids) {
    g.forEach((q, i) => drv.push(quadPayload(q, i === g.length - 1, s)));
    n += g.length;
  }
  let stalls = 0;
  const counter = {
    drive: () => undefined,
    sample: (x: typeof sim) => {
      if (x.peek(`${top}.in_valid`) === 1n && x.peek(`${top}.in_ready`) === 0n) stalls++;
    },
  };
  // Done when every fragment is in and the unit is back to idle with nothing left to say.
  const idle = (): boolean => drv.pending === 0 && sim.peek(`${top}.state`) === 0n && sim.peek(`${top}.occupancy`) === 0n;
  const cycles = runUntilDone(sim, [drv, mon, counter], () => drv.accepted.length === n && idle(), 40 * n + 200, `${top} stream [seed ${rng.seed}]`);
  return { received: mon.received.map((r) => r.payload as Record<string, bigint>), cycles, stalls };
}
