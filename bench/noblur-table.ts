// The README's NoBlur measurement table: every micro-architecture (TVP x STS
// x STP x MSAA) simulated on the default workload, one Markdown row each.
//   npx tsx bench/noblur-table.ts > out/noblur-table.md
import { runNoblur } from '../testbenches/raster/index.js';
import { DEFAULT_WORKLOAD, generateWorkload } from '../testbenches/workloads/raster/index.js';
import { noblurSchema, type NoblurConfig } from '../units/noblur/config.js';

const rows: string[] = [
  '| tvp | sts | stp | msaa | MPs | cycles | cycles/MP | MPs/cycle | STE | stall | OOR |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const workloads = new Map([false, true].map((pairs) => [pairs, generateWorkload({ ...DEFAULT_WORKLOAD, pairs })]));
const t0 = Date.now();
for (const msaa of noblurSchema.msaa.values) {
  for (const tvp of [false, true]) {
    for (const sts of noblurSchema.sts.values) {
      for (const stp of noblurSchema.stp.values) {
        const cfg: NoblurConfig = { tvp, sts, stp, msaa, recip: 'unrolled' };
        const s = runNoblur(cfg, workloads.get(tvp)!.mps).stats;
        rows.push(
          `| ${tvp ? 'on' : 'off'} | ${sts} | ${stp} | ${msaa} | ${s.mps} | ${s.cycles} | ${s.cyclesPerMp.toFixed(2)} | ${s.mpsPerCycle.toFixed(4)} | ` +
            `${s.sampleTestEfficiency.toFixed(3)} | ${s.stallFraction.toFixed(3)} | ${s.outOfRange} |`,
        );
        process.stderr.write(`\r${rows.length - 2}/72 configs, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
    }
  }
}
process.stderr.write('\n');
console.log(`Workload: ${DEFAULT_WORKLOAD.count} triangles, surface ${DEFAULT_WORKLOAD.surface}, area ${DEFAULT_WORKLOAD.area} px^2, seed ${DEFAULT_WORKLOAD.seed}.\n`);
console.log(rows.join('\n'));
