// Regenerates the NoBlur waveforms shown in docs/hdl.md:
//   npx tsx studies/noblur/render-waveforms.ts
// Four MPs offered back to back: while the iterator walks one bbox stamp by
// stamp it raises stall, and the input sees in_ready low. Rendered once as
// single triangles (TVP off), once as pairs sharing an edge (TVP on).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Simulator } from '../../hdl/sim/api.js';
import { runNoblur } from '../../testbenches/raster/index.js';
import { generateWorkload } from '../../testbenches/workloads/raster/index.js';
import { parseConfig } from '../../units/config.js';
import { noblurSchema } from '../../units/noblur/config.js';
import type { MP } from '../../units/raster-common/mp.js';
import { writeWaveform } from '../../waveforms/write.js';
import { InternalError } from '../../hdl/errors.js';

/** docs/hdl.md shows them from waveforms/examples/. */
const here = join(dirname(fileURLToPath(import.meta.url)), '../../waveforms/examples');

/** The handshake, the iterator's walk and the results; TVP adds the pair signals. */
export function noblurWaveSignals(tvp: boolean): string[] {
  const pairOnly = new Set(['NoBlur.in_payload_pair', 'NoBlur.sample_tri', 'NoBlur.out_payload_tri']);
  return ALL_SIGNALS.filter((s) => tvp || !pairOnly.has(s));
}

const ALL_SIGNALS = [
  'NoBlur.in_valid',
  'NoBlur.in_ready',
  'NoBlur.in_payload_id',
  'NoBlur.in_payload_pair',
  'NoBlur.cull_front*',
  'NoBlur.bbox_fit',
  'NoBlur.iter_stall',
  'NoBlur.iter_stamp_x',
  'NoBlur.iter_stamp_y',
  'NoBlur.sample_hit',
  'NoBlur.sample_tri',
  'NoBlur.out_valid',
  'NoBlur.out_ready',
  'NoBlur.out_payload_id',
  'NoBlur.out_payload_stamp_x',
  'NoBlur.out_payload_stamp_y',
  'NoBlur.out_payload_hit',
  'NoBlur.out_payload_tri',
  'NoBlur.out_payload_z0',
];

/** Four MPs of the default workload with a bbox of several stamps. */
function pickMps(pairs: boolean): MP[] {
  const w = generateWorkload({ surface: 'plane', count: 200, pairs });
  const wanted = w.mps.filter((mp) => (pairs ? mp.kind === 'pair' : true));
  return wanted.slice(10, 14);
}

export function renderNoblurWave(name: string, config: string, pairs: boolean): string[] {
  const cfg = parseConfig('noblur', noblurSchema, config);
  let sim: Simulator | null = null;
  runNoblur(cfg, pickMps(pairs), {
    onSimulator: (s) => {
      s.startTrace(noblurWaveSignals(cfg.tvp));
      sim = s;
    },
  });
  const trace = (sim as Simulator | null)?.stopTrace();
  if (!trace) throw new InternalError('no trace recorded');
  const files: string[] = [];
  for (const ext of ['svg', 'png', 'json']) {
    const file = join(here, `${name}.${ext}`);
    writeWaveform(trace, file, { title: `NoBlur ${config}: four MPs back to back` });
    files.push(file);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of [...renderNoblurWave('noblur-single', 'tvp=off,sts=2x2,stp=8.8,msaa=4', false), ...renderNoblurWave('noblur-pair', 'tvp=on,sts=2x2,stp=8.8,msaa=4', true)]) {
    console.log(`wrote ${f}`);
  }
}
