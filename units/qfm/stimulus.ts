// Constrained-random stimulus for the QFM merge buffer: what cosim, `sim
// --seed` and the registry's property tests drive when no file is given.
// Uniform random bits almost never give two quads at one position with
// disjoint coverage from adjacent triangles, so a buffer driven that way
// neither merges nor evicts. Here each grid is a strip of triangles (t is
// adjacent to t - 1 and t + 1), its quads fall on a few positions, and each
// triangle's coverage at a position is drawn from the samples earlier
// triangles of the grid left free there: merges, full-coverage evictions,
// FIFO evictions (more positions than entries) and flushes (`last`) all
// happen, under random bubbles and back-pressure.
import type { CoverageCounter, PortStimulus, StimulusGenerator, StimulusRng } from '../unit.js';
import type { QfmConfig } from './config.js';

const mask = (bits: number): bigint => (1n << BigInt(bits)) - 1n;

function randomSubset(free: bigint, bits: number, rng: StimulusRng): bigint {
  let out = 0n;
  for (let i = 0; i < bits; i++) if ((free >> BigInt(i)) & 1n && rng.float() < 0.45) out |= 1n << BigInt(i);
  return out;
}

export const qfmStimulus: StimulusGenerator<QfmConfig> = (cfg, _design, rng, cycles) => {
  const msaa = Number(cfg.msaa);
  const covBits = 4 * msaa;
  const tris = Math.min(cfg.maskWidth, 12);
  const positions = Math.max(2, Math.min(8, cfg.entries + 2));
  const out: PortStimulus = { reset: 1, cycles: [] };
  let free = new Map<number, bigint>();
  let tri = 0;
  let pending: Map<string, bigint> | null = null;
  for (let c = 0; c < cycles; c++) {
    if (pending === null && rng.float() < 0.8) {
      const pos = rng.int(0, positions - 1);
      const left = free.get(pos) ?? mask(covBits);
      // a fresh sample set now and then keeps positions from filling up for good
      const cov = rng.float() < 0.1 ? 0n : randomSubset(left === 0n ? mask(covBits) : left, covBits, rng);
      free.set(pos, (left === 0n ? mask(covBits) : left) & ~cov);
      let centre = 0n;
      for (let p = 0; p < 4; p++) if ((cov >> BigInt(p * msaa)) & mask(msaa) && rng.float() < 0.7) centre |= 1n << BigInt(p);
      let adj = 0n;
      if (tri > 0) adj |= 1n << BigInt(tri - 1);
      if (tri + 1 < tris) adj |= 1n << BigInt(tri + 1);
      const last = tri + 1 === tris && rng.float() < 0.5;
      pending = new Map<string, bigint>([
        ['in_payload_qx', BigInt(pos % 4) & mask(cfg.coordBits)],
        ['in_payload_qy', BigInt(pos >> 2) & mask(cfg.coordBits)],
        ['in_payload_back', rng.float() < 0.1 ? 1n : 0n],
        ['in_payload_cov', cov],
        ['in_payload_centre', centre],
        ['in_payload_depth', BigInt(rng.u32()) * BigInt(rng.u32()) & mask(4 * msaa * cfg.depthBits)],
        ['in_payload_tri', BigInt(tri)],
        ['in_payload_adj', adj],
        ['in_payload_last', last ? 1n : 0n],
      ]);
      if (rng.float() < 0.3 || last) tri += 1;
      if (last || tri >= tris) {
        tri = 0;
        free = new Map();
      }
    }
    // Stimulus cannot see in_ready, so a quad is offered for a few cycles
    // (the buffer takes one when it is ready) and then replaced.
    const cycle = new Map<string, bigint>([['out_ready', rng.float() < 0.8 ? 1n : 0n]]);
    if (pending !== null) {
      for (const [k, v] of pending) cycle.set(k, v);
      cycle.set('in_valid', 1n);
      if (rng.float() < 0.5) pending = null;
    } else {
      cycle.set('in_valid', 0n);
    }
    out.cycles.push(cycle);
  }
  return out;
};

const popcount = (v: bigint): number => v.toString(2).replace(/0/g, '').length;

export const QFM_COVERAGE: readonly CoverageCounter[] = [
  { name: 'quads-in', doc: 'quad fragments accepted (in_valid and in_ready)', count: (p) => (p.get('in_valid') === 1n && p.get('in_ready') === 1n ? 1 : 0) },
  { name: 'quads-out', doc: 'quads sent to shading (out_valid and out_ready)', count: (p) => (p.get('out_valid') === 1n && p.get('out_ready') === 1n ? 1 : 0) },
  { name: 'merged-out', doc: 'quads sent to shading that merged two or more triangles', count: (p) => (p.get('out_valid') === 1n && p.get('out_ready') === 1n && popcount(p.get('out_payload_tris') ?? 0n) > 1 ? 1 : 0) },
  { name: 'back-pressure', doc: 'cycles a quad was offered and refused', count: (p) => (p.get('in_valid') === 1n && p.get('in_ready') === 0n ? 1 : 0) },
];
