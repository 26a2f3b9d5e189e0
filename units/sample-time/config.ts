// Config of the per-vertex positioning units (sample in time, radius, sample
// in lens): TVP sets the vertex count, SPF how many cycles share the
// hardware, and together they size the unit as ceil(verts / SPF) slots.
// Sample in time also has its blend form.
import type { ConfigOf, Schema } from '../config.js';
import { positionSlots, type Spf } from '../raster-common/blur-formats.js';

export const positionerSchema = {
  tvp: { kind: 'bool', default: false, doc: 'triangle pairs: 4 vertices per MP instead of 3' },
  spf: { kind: 'enum', values: ['1', '2', '4'], default: '1', doc: 'cycles per positioned MP that share the hardware: ceil(verts / spf) slots' },
} as const satisfies Schema;
export type PositionerConfig = ConfigOf<typeof positionerSchema>;

/** The two forms of x(t) = x0 (1 - t) + x1 t (module.ts): the same number. */
export const TIME_FORMS = ['lerp2', 'lerp1'] as const;
export type TimeForm = (typeof TIME_FORMS)[number];

export const sampleTimeSchema = {
  ...positionerSchema,
  time: {
    kind: 'enum',
    values: TIME_FORMS,
    default: 'lerp2',
    doc: "sample in time: lerp2 (the study's x0 (1 - t) + x1 t, two multiplies per coordinate) or lerp1 (x0 + t (x1 - x0), one)",
  },
} as const satisfies Schema;
export type SampleTimeConfig = PositionerConfig & { readonly time?: TimeForm };

export function slotsOf(cfg: PositionerConfig): number {
  return positionSlots(cfg.tvp ? 4 : 3, Number(cfg.spf) as Spf);
}
