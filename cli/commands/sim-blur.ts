// `gfxrtl sim blur`: rasterize a workload or a mesh file on the simulated
// Blur pipeline. With --workload it prints the pipeline's measurements (the
// workload gets its seeded motion and lens); with --input mesh.json it also
// writes one line per covered sample, with its tuple index. A mesh without
// "close" is static, one without "lens" has A = 0 (everything in focus).
import type { Simulator } from '../../hdl/sim/api.js';
import { runBlur, type BlurRun } from '../../testbenches/blur/index.js';
import { blurMpsFromMesh, DEFAULT_WORKLOAD, generateWorkload, NO_LENS, SURFACE_NAMES, surfaceStrata, withBlurParams, type Mesh, type ResolvedWorkloadOptions, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { blurSchema, type BlurConfig } from '../../units/blur/config.js';
import { ConfigError, formatConfig, parseConfig } from '../../units/config.js';
import { writeWaveform } from '../../waveforms/write.js';
import { writeFileAtomic } from '../io.js';
import { readMesh } from '../mesh-input.js';
import { windowWithin, type SimOptions } from './sim.js';

export function formatBlurStats(cfg: BlurConfig, run: BlurRun): string {
  const s = run.stats;
  const st = s.stability;
  return [
    `blur [${formatConfig(cfg)}]`,
    `  MPs                      ${s.mps}  (${s.positioned} positioned: 64 tuples each)`,
    `  cycles                   ${s.cycles}`,
    `  cycles per MP            ${s.cyclesPerMp.toFixed(3)}`,
    `  MPs per cycle            ${s.mpsPerCycle.toFixed(5)}`,
    `  cycles per positioned MP ${s.cyclesPerPositioned.toFixed(4)}`,
    `  tiles per positioned MP  ${s.tilesPerPositioned.toFixed(3)}  (${s.tilesTested} tiles tested)`,
    `  sample test efficiency   ${s.sampleTestEfficiency.toFixed(4)}  (${s.hits} hits / ${s.tilesTested} samples tested)`,
    `  stall fraction           ${s.stallFraction.toFixed(4)}  (${s.stallCycles} cycles with an MP offered and not accepted)`,
    `  out of range (STP)       ${s.outOfRange} positioned MPs`,
    Number.isFinite(st.relativeHalfWidth)
      ? `  MP/cycle 95% CI          +-${(100 * st.relativeHalfWidth).toFixed(2)}% at ${s.mps} MPs; ${st.mpsFor1Percent} MPs for +-1% (stratified batch means: ${st.batches} batches of ${st.batch} MPs over ${st.strata} surface(s))`
      : `  MP/cycle 95% CI          not estimable at ${s.mps} MPs: needs 2 batches of ${st.batch} MPs per surface (${st.strata}), at least ${st.mpsFor1Percent} MPs`,
  ].join('\n');
}

export function simBlurCommand(opts: SimOptions & { workload?: string; count?: string }): void {
  const cfg = parseConfig('blur', blurSchema, opts.config);
  if (opts.input && opts.workload) throw new ConfigError('sim blur: give either --input mesh.json or --workload NAME, not both');
  const seed = Number(opts.seed);
  let mesh: Mesh;
  let source: string;
  let options: ResolvedWorkloadOptions | null = null;
  if (opts.input) {
    mesh = readMesh(opts.input);
    source = opts.input;
  } else {
    const name = opts.workload ?? 'default';
    const names = ['default', ...SURFACE_NAMES];
    if (!names.includes(name)) throw new ConfigError(`sim blur: unknown workload "${name}"; workloads: ${names.join(', ')}`);
    const count = opts.count === undefined ? DEFAULT_WORKLOAD.count : Number(opts.count);
    if (!(Number.isInteger(count) && count > 0)) throw new ConfigError(`sim blur: --count ${opts.count} must be a positive integer`);
    const w = generateWorkload({ surface: name as SurfaceName | 'default', count });
    mesh = withBlurParams(w.mesh, w.options.seed);
    options = w.options;
    source = `workload ${name}, seed ${w.options.seed}`;
  }
  const lens = mesh.lens ?? NO_LENS;
  const mps = blurMpsFromMesh(mesh, cfg.tvp);
  let traced: Simulator | null = null;
  const run = runBlur(cfg, mps, lens, {
    seed,
    ...(options === null ? {} : { strata: surfaceStrata(options, mps) }),
    onSimulator: (sim) => {
      if (!opts.wave) return;
      sim.startTrace(opts.signals ? opts.signals.split(',') : ['**']);
      traced = sim;
    },
  });
  if (opts.output) {
    const lines: string[] = [];
    mps.forEach((mp, i) => {
      // Explicitly marked: the hardware did not compute these tuples' coverage.
      for (const tuple of run.outOfRange[i]!) for (const tri of mp.src) lines.push(JSON.stringify({ tri, tuple, outOfRange: true }));
      for (const h of run.hits[i]!) lines.push(JSON.stringify({ tri: mp.src[h.tri], tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z }));
    });
    writeFileAtomic(opts.output, lines.length ? lines.join('\n') + '\n' : '');
  }
  if (opts.wave) {
    const trace = (traced as Simulator | null)?.stopTrace();
    if (trace) writeWaveform(trace, opts.wave, { window: windowWithin(opts.window, trace), title: `blur ${formatConfig(cfg)}` });
  }
  console.log(`${formatBlurStats(cfg, run)}\n  input                    ${source} (${mesh.triangles.length} triangles, ${mps.length} MPs; lens A ${lens.a / 256} px, F ${(lens.f / 2 ** 24).toFixed(4)})`);
  if (opts.output) console.log(`  hits written to ${opts.output}`);
  if (opts.wave) console.log(`  waveform written to ${opts.wave}`);
}
