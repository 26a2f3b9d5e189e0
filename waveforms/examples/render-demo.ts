// Regenerates the example files beside this script from the demo trace:
//   npx tsx waveforms/examples/render-demo.ts
// They show what each format looks like; the PNG is also the visual check that
// resvg found a font (text present) on the machine that rendered it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoTrace } from '../testing/demo-trace.js';
import { writeWaveform } from '../write.js';

const here = dirname(fileURLToPath(import.meta.url));
for (const ext of ['json', 'svg', 'png', 'vcd']) {
  const file = join(here, `demo.${ext}`);
  writeWaveform(demoTrace(), file, { title: 'demo: FIFO with a fixed-point stage' });
  console.log(`wrote ${file}`);
}
