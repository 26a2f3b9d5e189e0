// How NoBlur meets the published Blur components: which instances implement
// each, and the configuration whose structure matches theirs.
import { formatConfig } from '../../units/config.js';
import { NOBLUR_COMPONENTS } from '../../units/noblur/components.js';
import { noblurSchema, type NoblurConfig } from '../../units/noblur/config.js';
import { subDesign } from '../../hdl/inventory/subdesign.js';
import type { CalibrationDef, CrossCheckDef } from '../../explore/index.js';
import { BLUR_PUBLISHED } from '../raster/published.js';

/** The published components belong to a Blur design whose sample test
 *  evaluates one jittered sample per tile per tuple per cycle in each lane,
 *  so its sample test and interpolation are single-sample datapaths: the
 *  structurally matching NoBlur configuration is the 1x1 stamp (one lane).
 *  The study does not give the rest; TVP, STP and MSAA stay at the schema's
 *  defaults. This is chosen from the published structure, never from the fit. */
export const REFERENCE_CONFIG: NoblurConfig = { tvp: noblurSchema.tvp.default, sts: '1x1', stp: noblurSchema.stp.default, msaa: noblurSchema.msaa.default, recip: noblurSchema.recip.default, edge: noblurSchema.edge.default };

/** A cross-check, never the knobs: the published figures are a Blur design's,
 *  and the global knobs are fitted on the Blur netlist (studies/blur/
 *  calibration.ts). Fitting the same table on NoBlur's instances shows how
 *  far the shared components (bbox, cull, iterator, sample test,
 *  interpolation) agree when the front end is absent. */
export const NOBLUR_CALIBRATION: CalibrationDef<NoblurConfig> = {
  ...BLUR_PUBLISHED,
  role: 'cross-check',
  reference: REFERENCE_CONFIG,
  referenceWhy: 'the single-lane sample test (sts=1x1): the published design tests one sample per lane per cycle',
  // Instances and stage registers per component: units/noblur/components.ts.
  components: NOBLUR_COMPONENTS,
  // In no published row: priced with the knobs, shown, never fitted.
  unpublished: [
    { block: 'edge setup', instances: () => ['NoBlur.setup'], registers: /^s2_e\d+_(dx|dy|bias)$/ },
    // The MP held in R0, ids, depths, and a producer's output held one stage further.
    { block: 'registers carrying values past a stage', instances: () => [], registers: /^(s0_(?!valid$).+|s[1-4]_(id|pair)|s[2-4]_oor|s[1-3]_z\d+|s3_(n|len)\d|s2_(origin[XY]|last[XY]|l[xy]\d)|s4_(stamp_[xy]|hit|tri))$/ },
  ],
};

/** Every pipeline part of the reference configuration, and the whole. */
export const NOBLUR_CROSS_CHECK: CrossCheckDef<NoblurConfig> = {
  config: REFERENCE_CONFIG,
  units(d) {
    const parts = d.top.instances.map((i) => ({ name: `NoBlur.${i.name}`, design: subDesign(d, `NoBlur.${i.name}`) }));
    return [...parts, { name: `NoBlur (whole pipeline, ${formatConfig(REFERENCE_CONFIG)})`, design: d }];
  },
};
