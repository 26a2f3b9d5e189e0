// The NoBlur rasterizer as a sweep domain: TVP x STS x STP (36
// micro-architectures) x MSAA 4/16 (the mode: noblur4, noblur16). Each is
// elaborated from units/noblur/pipeline.ts and simulated once on the
// default raster workload (testbenches/raster, runNoblur).
//
// Throughput is triangles per cycle: the workload is the same 4096
// triangles whether they arrive single or paired (TVP), so a pair counts as
// two MPs and TVP on/off compare fairly. MPs whose bbox does not fit STP are
// flagged by the hardware and take one cycle without being rasterized; their
// share is in every row (extra.oorFraction) so a reader can see when a narrow
// STP's throughput rests on MPs it did not rasterize.
//
// Options: count (triangles, default 4096), seed (default 2010), area (mean
// triangle area in pixels^2, default 0.54).
import { elaborate } from '../../hdl/index.js';
import type { Design } from '../../hdl/ir.js';
import { inventory } from '../../hdl/inventory/index.js';
import { runNoblur } from '../../testbenches/raster/index.js';
import { DEFAULT_WORKLOAD, generateWorkload, type Workload } from '../../testbenches/workloads/raster/index.js';
import { formatConfig } from '../../units/config.js';
import { noblurSchema, type NoblurConfig } from '../../units/noblur/config.js';
import { NOBLUR_COMPONENTS } from '../../units/noblur/components.js';
import { NoBlur } from '../../units/noblur/pipeline.js';
import { RASTER_BLUR_COMPONENTS } from '../calibration.js';
import { componentInventory, subDesign } from './subdesign.js';
import type { Axis, DomainFactory, Params, ParamValue, SweepDomain } from './types.js';

const AXES: readonly Axis[] = [
  { key: 'tvp', kind: 'bool', doc: noblurSchema.tvp.doc },
  { key: 'sts', kind: 'enum', values: noblurSchema.sts.values, doc: noblurSchema.sts.doc },
  { key: 'stp', kind: 'enum', values: noblurSchema.stp.values, doc: noblurSchema.stp.doc },
  { key: 'msaa', kind: 'enum', values: noblurSchema.msaa.values, doc: noblurSchema.msaa.doc },
  { key: 'recip', kind: 'enum', values: noblurSchema.recip.values, doc: noblurSchema.recip.doc },
];

/** Published calibration components -> instances and stage registers of the
 *  pipeline (units/noblur/components.ts). Edge setup is not in the published
 *  table and is left out. */
export { NOBLUR_COMPONENTS };

/** The configuration the calibration and the Yosys cross-check elaborate.
 *  The published components belong to a Blur design whose sample test
 *  evaluates one jittered sample per tile per tuple per cycle in each lane,
 *  so its sample test and interpolation are single-sample datapaths: the
 *  structurally matching NoBlur configuration is the 1x1 stamp (one lane).
 *  The study does not give the rest; TVP, STP and MSAA stay at the schema's
 *  defaults. This is chosen from the published structure, never from the fit. */
export const REFERENCE_CONFIG: NoblurConfig = { tvp: noblurSchema.tvp.default, sts: '1x1', stp: noblurSchema.stp.default, msaa: noblurSchema.msaa.default, recip: noblurSchema.recip.default };

function option(o: Readonly<Record<string, ParamValue>>, key: string, dflt: number, ok: (n: number) => boolean): number {
  const v = o[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!ok(n)) throw new Error(`noblur domain: option ${key}=${String(v)} is not valid`);
  return n;
}

export const createDomain: DomainFactory = (options) => {
  const count = option(options, 'count', DEFAULT_WORKLOAD.count, (n) => Number.isInteger(n) && n > 0);
  const seed = option(options, 'seed', DEFAULT_WORKLOAD.seed, Number.isInteger);
  const area = option(options, 'area', DEFAULT_WORKLOAD.area, (n) => n > 0);
  // One workload per TVP setting, generated on first use (per thread).
  const workloads = new Map<boolean, Workload>();
  const workloadFor = (pairs: boolean): Workload => {
    let w = workloads.get(pairs);
    if (w === undefined) workloads.set(pairs, (w = generateWorkload({ ...DEFAULT_WORKLOAD, count, seed, area, pairs })));
    return w;
  };
  const design = (cfg: NoblurConfig): Design => elaborate(NoBlur, cfg);
  const domain: SweepDomain<NoblurConfig> = {
    name: 'noblur',
    summary: 'NoBlur micropolygon rasterizer (TVP x STS x STP, 4x and 16x MSAA)',
    opName: 'MP',
    axes: AXES,
    modeAxes: ['msaa'],
    mode: (p: Params) => `noblur${String(p['msaa'])}`,
    // Values were checked against AXES (the schema's own lists) by the spec.
    microArch: (p: Params): NoblurConfig => ({
      tvp: p['tvp'] === true,
      sts: String(p['sts']) as NoblurConfig['sts'],
      stp: String(p['stp']) as NoblurConfig['stp'],
      msaa: String(p['msaa']) as NoblurConfig['msaa'],
      recip: (p['recip'] === undefined ? noblurSchema.recip.default : String(p['recip'])) as NoblurConfig['recip'],
    }),
    evaluator: {
      id: (c) => `tvp=${c.tvp ? 'on' : 'off'},sts=${c.sts},stp=${c.stp},msaa=${c.msaa},recip=${c.recip}`,
      async inventory(c) {
        return inventory(design(c));
      },
      async evaluate(c) {
        const w = workloadFor(c.tvp);
        const s = runNoblur(c, w.mps).stats;
        const triangles = w.mesh.triangles.length;
        return {
          inventory: inventory(design(c)),
          mpPerCycle: triangles / s.cycles,
          extra: {
            cycles: s.cycles,
            inputRecords: s.mps,
            stallFraction: s.stallFraction,
            sampleTestEfficiency: s.sampleTestEfficiency,
            outOfRange: s.outOfRange,
            oorFraction: s.mps === 0 ? 0 : s.outOfRange / s.mps,
          },
        };
      },
    },
    workload: {
      id: `raster-default-${count}tri-${area}px2`,
      seed,
      doc: `${count} triangles of the default surface mix (testbenches/workloads/raster), mean area ${area} pixel^2, 1920x1080, paired greedily when TVP is on`,
    },
    // The pipeline stalls (the iterator holds an MP for several cycles, and
    // out.ready can drop), so registers retiming adds must hold: enables.
    priceOptions: { pipelineRegisters: { enable: true } },
    async calibrationSamples() {
      const d = design(REFERENCE_CONFIG);
      return NOBLUR_COMPONENTS.map((c) => {
        const paths = c.instances(d);
        return { component: c.component, instance: `${paths.join(' + ')} + its stage registers`, inventory: componentInventory(d, c.component, paths, c.registers), powerMw: published(c.component).powerMw, areaMm2: published(c.component).areaMm2 };
      });
    },
    async crossCheckUnits() {
      const d = design(REFERENCE_CONFIG);
      const parts = d.top.instances.map((i) => ({ name: `NoBlur.${i.name}`, design: subDesign(d, `NoBlur.${i.name}`) }));
      return [...parts, { name: `NoBlur (whole pipeline, ${formatConfig(REFERENCE_CONFIG)})`, design: d }];
    },
  };
  return domain;
};

function published(component: string): { powerMw: number; areaMm2: number } {
  const p = RASTER_BLUR_COMPONENTS.find((c) => c.component === component);
  if (p === undefined) throw new Error(`no published figure for ${component}`);
  return p;
}
