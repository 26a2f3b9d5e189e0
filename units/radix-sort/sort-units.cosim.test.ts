// The sort back end's four units in Verilator (and Icarus when installed),
// bundled in one test so CI builds them once each: small configs, stimulus
// that does real work (a tile sorted through every phase, a sorted list
// scanned, a block encoded, samples encoded), compared every cycle with
// gfxrtl's simulator.
import { expect, it } from 'vitest';
import { elaborate, type Design } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { crossSimulate } from '../../testbenches/cosim/compare.js';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import type { Stimulus } from '../../testbenches/cosim/stimulus.js';
import { makeRng } from '../../testbenches/rng.js';
import { Scan } from '../scan/module.js';
import { MinmaxEncoder } from '../spid-codec/module.js';
import { SpidEncoder } from '../spid-encoder/module.js';
import type { RadixSortConfig } from './config.js';
import { runSorter } from './drive.js';
import { goldenSort } from './golden.js';
import { RadixSorter } from './module.js';

const SEED = 14;

function sorterCase(): { design: Design; stimulus: Stimulus; busy: string } {
  const cfg: RadixSortConfig = { k: 3, keysPerCycle: '2', capacityLog2: 6, pidBits: 12, valBits: 6 };
  const rng = makeRng(SEED).fork('sorter');
  const pairs = Array.from({ length: 41 }, (_, val) => ({ pid: 100 + rng.int(0, 6), xy: rng.int(0, 63), val }));
  const design = elaborate(RadixSorter, cfg);
  // Our own run says how long the tile takes, so the stimulus covers all of it.
  const ref = createSimulator(design);
  ref.reset();
  const total = runSorter(ref, cfg, pairs).cycles.total;
  const cycles: Record<string, bigint>[] = [];
  for (let b = 0; b < Math.ceil(pairs.length / 2); b++) {
    const row: Record<string, bigint> = { load_valid: 1n, load_last: b === Math.ceil(pairs.length / 2) - 1 ? 1n : 0n };
    let mask = 0n;
    for (let j = 0; j < 2; j++) {
      const p = pairs[b * 2 + j];
      if (p === undefined) continue;
      mask |= 1n << BigInt(j);
      row[`load_pid_${j}`] = BigInt(p.pid);
      row[`load_xy_${j}`] = BigInt(p.xy);
      row[`load_val_${j}`] = BigInt(p.val);
    }
    row['load_mask'] = mask;
    cycles.push(row);
  }
  cycles.push({ load_valid: 0n, load_last: 0n });
  while (cycles.length < total + 4) cycles.push({});
  return { design, stimulus: { cycles }, busy: 'out_valid' };
}

function scanCase(): { design: Design; stimulus: Stimulus; busy: string } {
  const rng = makeRng(SEED).fork('scan');
  const sorted = goldenSort(Array.from({ length: 60 }, (_, val) => ({ pid: rng.int(0, 3), xy: rng.int(0, 40), val })));
  const cycles: Record<string, bigint>[] = sorted.map((p, i) => ({ in_valid: 1n, in_last: i === sorted.length - 1 ? 1n : 0n, in_pid: BigInt(p.pid), in_xy: BigInt(p.xy) }));
  cycles.push({ in_valid: 0n, in_last: 0n, in_pid: 0n, in_xy: 0n }, {}, {});
  return { design: elaborate(Scan, { pidBits: 16, valBits: 8 }), stimulus: { cycles }, busy: 'quad_valid' };
}

function encoderCase(): { design: Design; stimulus: Stimulus; busy: string } {
  const rng = makeRng(SEED).fork('minmax');
  const cycles: Record<string, bigint>[] = [];
  for (const spread of [5, 19]) {
    const base = rng.u32() >>> 2;
    for (let i = 0; i < 64; i++) cycles.push({ in_valid: 1n, in_value: BigInt(base + rng.int(0, 2 ** spread - 1)) });
    cycles.push({ in_valid: 0n });
    for (let i = 0; i < 70; i++) cycles.push({});
  }
  return { design: elaborate(MinmaxEncoder, {}), stimulus: { cycles }, busy: 'word_valid' };
}

function spidCase(): { design: Design; stimulus: Stimulus; busy: string } {
  const rng = makeRng(SEED).fork('spid');
  const cycles = Array.from({ length: 50 }, () => ({ in_valid: BigInt(rng.int(0, 1)), pid: BigInt(rng.u32()), sx: BigInt(rng.int(0, 65535)), sy: BigInt(rng.int(0, 65535)) }));
  return { design: elaborate(SpidEncoder, { pidBits: 32 }), stimulus: { cycles }, busy: 'out_valid' };
}

describeEda('verilator', 'sort back end units against Verilator', () => {
  it('spid-encoder, radix-sort, scan and minmax-encoder agree cycle by cycle', async () => {
    for (const c of [spidCase(), sorterCase(), scanCase(), encoderCase()]) {
      const report = await crossSimulate(c.design, c.stimulus, createSimulator);
      expect(report.mismatch?.message ?? null, c.design.top.name).toBeNull();
      // The run did work, not only idle.
      expect(report.ours.filter((o) => o[c.busy] === 1n).length, c.design.top.name).toBeGreaterThan(3);
    }
  }, 900_000);
});
