// The CI differential fuzz: 1,000 random circuits (every operator, widths
// 1..200, registers, memories, CAMs, dividers) against Verilator, in four
// bundled builds. GFXRTL_FUZZ_COUNT changes the count, GFXRTL_SEED the seed;
// longer campaigns: npm run fuzz -- --count N --seed S.
import { expect, it } from 'vitest';
import { describeEda } from '../cosim/describe-eda.js';
import { seedFromEnv } from '../rng.js';
import { runCampaign } from './campaign.js';
import { VERDICT_TEXT } from './known-defects.js';

const COUNT = Number(process.env['GFXRTL_FUZZ_COUNT'] ?? 1000);
const SEED = seedFromEnv(1);

describeEda(['verilator'], 'differential fuzz against Verilator', () => {
  it(`${COUNT} random circuits agree with Verilator (seed ${SEED})`, async () => {
    const lines: string[] = [];
    const report = await runCampaign({ count: COUNT, seed: SEED, shrink: true, log: (l) => lines.push(l) });
    console.log(`fuzz (seed ${SEED}): ${report.circuits} circuits, ${report.builds} Verilator builds, ${report.seconds.toFixed(0)} s`);
    for (const f of report.verilatorOnly) console.log(`  ${f.message}: ${VERDICT_TEXT[f.verdict ?? 'verilator']}`);
    const failed = report.failures.map((f) => f.message).join('\n');
    expect(failed, `replay: npm run fuzz -- --count ${COUNT} --seed ${SEED} --save\n${lines.join('\n')}`).toBe('');
  }, 1_800_000);
});
