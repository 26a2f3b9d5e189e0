// `gfxrtl sim noblur`: rasterize a workload or a mesh file on the simulated
// NoBlur pipeline. With --workload it prints the pipeline's measurements;
// with --input mesh.json it writes one line per covered sample.
import { pairsFromMesh, singlesFromMesh, generateWorkload, SURFACE_NAMES, type Mesh, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { runNoblur, type NoblurRun } from '../../testbenches/raster/index.js';
import type { MP } from '../../units/raster-common/mp.js';
import { ConfigError, formatConfig, parseConfig } from '../../units/config.js';
import { noblurSchema, type NoblurConfig } from '../../units/noblur/config.js';
import type { Simulator } from '../../hdl/sim/api.js';
import { writeWaveform } from '../../waveforms/write.js';
import { writeFileAtomic } from '../io.js';
import { readMesh } from '../mesh-input.js';
import { windowWithin, type SimOptions } from './sim.js';

export interface NoblurSimOptions extends SimOptions {
  workload?: string;
  count?: string;
}

export function formatNoblurStats(cfg: NoblurConfig, run: NoblurRun): string {
  const s = run.stats;
  return [
    `noblur [${formatConfig(cfg)}]`,
    `  MPs                      ${s.mps}`,
    `  cycles                   ${s.cycles}`,
    `  cycles per MP            ${s.cyclesPerMp.toFixed(3)}`,
    `  MPs per cycle            ${s.mpsPerCycle.toFixed(4)}`,
    `  sample test efficiency   ${s.sampleTestEfficiency.toFixed(4)}  (${s.hits} hits / ${s.samplesTested} samples tested)`,
    `  stall fraction           ${s.stallFraction.toFixed(4)}  (${s.stallCycles} cycles with an MP offered and not accepted)`,
    `  out of range (STP)       ${s.outOfRange}`,
  ].join('\n');
}

function mpsOf(mesh: Mesh, cfg: NoblurConfig): MP[] {
  return cfg.tvp ? pairsFromMesh(mesh) : singlesFromMesh(mesh);
}

export function simNoblurCommand(opts: NoblurSimOptions): void {
  const cfg = parseConfig('noblur', noblurSchema, opts.config);
  if (opts.input && opts.workload) throw new ConfigError('sim noblur: give either --input mesh.json or --workload NAME, not both');
  let mesh: Mesh;
  let source: string;
  if (opts.input) {
    mesh = readMesh(opts.input);
    source = opts.input;
  } else {
    const name = opts.workload ?? 'default';
    const names = ['default', ...SURFACE_NAMES];
    if (!names.includes(name)) throw new ConfigError(`sim noblur: unknown workload "${name}"; workloads: ${names.join(', ')}`);
    const count = opts.count === undefined ? {} : { count: Number(opts.count) };
    if (count.count !== undefined && !(Number.isInteger(count.count) && count.count > 0)) throw new ConfigError(`sim noblur: --count ${opts.count} must be a positive integer`);
    mesh = generateWorkload({ surface: name as SurfaceName | 'default', ...count }).mesh;
    source = `workload ${name}`;
  }
  const mps = mpsOf(mesh, cfg);
  const seed = Number(opts.seed);
  let traced: Simulator | null = null;
  const run = runNoblur(cfg, mps, {
    seed,
    onSimulator: (sim) => {
      if (!opts.wave) return;
      sim.startTrace(opts.signals ? opts.signals.split(',') : ['**']);
      traced = sim;
    },
  });
  if (opts.output) {
    const lines: string[] = [];
    mps.forEach((mp, i) => {
      if (run.outOfRange[i]) {
        // Explicitly marked: the hardware did not compute this MP's coverage.
        for (const tri of mp.src) lines.push(JSON.stringify({ tri, outOfRange: true }));
        return;
      }
      for (const h of run.hits[i]) lines.push(JSON.stringify({ tri: mp.src[h.tri], px: h.px, py: h.py, s: h.s, sx: h.sx, sy: h.sy, z: h.z }));
    });
    writeFileAtomic(opts.output, lines.length ? lines.join('\n') + '\n' : '');
  }
  if (opts.wave) {
    const trace = (traced as Simulator | null)?.stopTrace();
    if (trace) writeWaveform(trace, opts.wave, { window: windowWithin(opts.window, trace), title: `noblur ${formatConfig(cfg)}` });
  }
  console.log(`${formatNoblurStats(cfg, run)}\n  input                    ${source} (${mesh.triangles.length} triangles, ${mps.length} MPs)`);
  if (opts.output) console.log(`  hits written to ${opts.output}`);
  if (opts.wave) console.log(`  waveform written to ${opts.wave}`);
}
