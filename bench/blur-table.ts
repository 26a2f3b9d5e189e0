// The Blur measurement table: cycles per positioned MP, tiles per positioned
// MP, sample test efficiency, stall fraction, out-of-range tuples, and the
// MPs the MP/cycle figure needs for a 1% confidence half-width, over the
// default workload with its seeded motion and lens.
//   npx tsx bench/blur-table.ts [--count 512] [--only render=blur,pmt=2]
import { runBlur, runHybrid } from '../testbenches/blur/index.js';
import { blurMpsFromMesh, generateWorkload, surfaceStrata, withBlurParams } from '../testbenches/workloads/raster/index.js';
import { blurSchema, hybridSchema, type HybridMode } from '../units/blur/config.js';
import { parseConfig } from '../units/config.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const count = Number(arg('--count') ?? 512);
const only = arg('--only');
const w = generateWorkload({ count });
const mesh = withBlurParams(w.mesh, w.options.seed);
const lens = mesh.lens!;

const ROWS: string[] = only
  ? [only]
  : [
      'render=motion,pmt=1', 'render=defocus,pmt=1', 'render=blur,pmt=1', 'render=blur,pmt=2', 'render=blur,pmt=4',
      'render=blur,spf=2,pmt=2', 'render=blur,spf=4,pmt=1', 'render=blur,sts=2x2,pmt=1', 'render=blur,tvp=on,pmt=2', 'render=blur,tvp=on,spf=2,pmt=2',
      'hybrid:noblur4,pmt=2', 'hybrid:noblur16,pmt=2', 'hybrid:blur,pmt=2',
    ];

console.log(`# default workload, ${count} triangles, seed ${w.options.seed}; lens A ${lens.a / 256} px, F ${(lens.f / 2 ** 24).toFixed(4)}`);
console.log('| config | MPs | cycles | cycles/MP | cycles/positioned | tiles/positioned | STE | stall | OOR | +-CI at MPs run | MPs for 1% | sim s | cycles/s |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of ROWS) {
  const t0 = performance.now();
  let label = row;
  let stats;
  if (row.startsWith('hybrid:')) {
    const [modePart, ...rest] = row.slice('hybrid:'.length).split(',');
    const cfg = parseConfig('hybrid', hybridSchema, rest.join(','));
    const mps = blurMpsFromMesh(mesh, cfg.tvp);
    stats = runHybrid(cfg, modePart as HybridMode, mps, lens, { strata: surfaceStrata(w.options, mps) }).stats;
    label = `hybrid ${modePart} ${rest.join(',')}`;
  } else {
    const cfg = parseConfig('blur', blurSchema, row);
    const mps = blurMpsFromMesh(mesh, cfg.tvp);
    stats = runBlur(cfg, mps, lens, { strata: surfaceStrata(w.options, mps) }).stats;
  }
  const secs = (performance.now() - t0) / 1000;
  const s = stats;
  console.log(
    `| ${label} | ${s.mps} | ${s.cycles} | ${s.cyclesPerMp.toFixed(2)} | ${s.cyclesPerPositioned.toFixed(3)} | ${s.tilesPerPositioned.toFixed(3)} | ${s.sampleTestEfficiency.toFixed(4)} | ${s.stallFraction.toFixed(3)} | ${s.outOfRange} | ${(100 * s.stability.relativeHalfWidth).toFixed(2)}% | ${s.stability.mpsFor1Percent} | ${secs.toFixed(1)} | ${Math.round(s.cycles / secs)} |`,
  );
}
