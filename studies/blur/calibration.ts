// How the Blur netlist meets the seven published components (raster-units.md,
// "Calibration data"): the reference design and the mapping of its
// instances and registers to the published rows and to the blocks in no row,
// which lives in one place, next to the unit (units/blur/components.ts: the
// front end once, lane 0's components, the rest shown and never fitted).
// These knobs are the cost model's global ones: every study is priced with
// them (cli/commands/study.ts).
import type { Design } from '../../hdl/ir.js';
import { BLUR_COMPONENTS, BLUR_UNPUBLISHED } from '../../units/blur/components.js';
import { blurSchema, type BlurConfig } from '../../units/blur/config.js';
import { defaults } from '../../units/config.js';
import { subDesign } from '../../hdl/inventory/subdesign.js';
import type { CalibrationDef, CrossCheckDef } from '../../explore/index.js';
import { BLUR_PUBLISHED } from '../raster/published.js';

const top = (d: Design, name: string): string[] => (d.top.instances.some((i) => i.name === name) ? [`${d.top.name}.${name}`] : []);

/** Which Blur design the calibration starts from, argued from the published
 *  structure alone: both front-end units (the table has sample in time and
 *  sample in lens: render = blur); one row per lane component (one bbox, one
 *  iterator, one sample test, one interpolation: pmt = 1); a sample test of
 *  0.0015 mm^2, smaller than one 2x2 stamp of edge tests, so one jittered
 *  sample per tile per cycle (sts = 1x1); all vertices positioned each cycle
 *  (spf = 1, the design without serialisation). The edge form and the
 *  jitter are the study's (additions from one start value per positioned
 *  MP, one jitter per tuple: the schema defaults); the rest (TVP, STP, ...)
 *  is not given: schema defaults. Never chosen from the fit; the sweep's
 *  pick replaces it. */
export const BLUR_REFERENCE: BlurConfig = { ...defaults(blurSchema), render: 'blur', spf: '1', pmt: '1', sts: '1x1' };

export const BLUR_CALIBRATION: CalibrationDef<BlurConfig> = {
  ...BLUR_PUBLISHED,
  role: 'global',
  reference: BLUR_REFERENCE,
  referenceWhy: 'render=blur (both front-end units), pmt=1 (one of each lane component), sts=1x1 (one sample per tile per cycle), spf=1; then the design our sweep picks at 1 W/mm^2, iterated',
  pick: { mode: 'blur', limit: 1.0 },
  // Which instances and registers are each row's, and the blocks in no row: units/blur/components.ts.
  components: BLUR_COMPONENTS,
  unpublished: BLUR_UNPUBLISHED,
};

/** Yosys holds the cost model's area against the Blur front end, the units
 *  NoBlur does not have. A lane is NoBlur's units, cross-checked one by one
 *  in the NoBlur study (a whole lane is 57k Yosys cells: 25 s of CPU). */
export const BLUR_CROSS_CHECK: CrossCheckDef<BlurConfig> = {
  config: BLUR_REFERENCE,
  units: (d) => [...top(d, 'time'), ...top(d, 'radius'), ...top(d, 'lens')].map((path) => ({ name: path, design: subDesign(d, path) })),
};
