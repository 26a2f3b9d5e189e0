// The blur family's registered units: the three positioning units (each
// configured with tvp and spf, sized ceil(verts / spf) slots, as the front
// end instantiates them), the Blur pipeline and the Hybrid.
import { elaborate } from '../../hdl/elaborate.js';
import type { ConfigOf, Schema } from '../config.js';
import { SampleInLens } from '../lens/module.js';
import { Radius } from '../lens/radius.js';
import { positionerSchema, sampleTimeSchema } from '../sample-time/config.js';
import { SampleInTime } from '../sample-time/module.js';
import type { UnitDef } from '../unit.js';
import type { ModuleDef } from '../../hdl/module.js';
import type { SignalTree } from '../../hdl/shape.js';
import { blurSchema, hybridSchema } from './config.js';
import { Blur, Hybrid } from './pipeline.js';

function unit<S extends Schema>(name: string, summary: string, schema: S, def: ModuleDef<ConfigOf<S>, SignalTree>, partOf?: string): UnitDef<S> {
  return { name, summary, schema, ...(partOf === undefined ? {} : { partOf }), elaborate: (c) => elaborate(def, c) };
}

export const BLUR_UNIT = unit('blur', 'Blur micropolygon rasterizer: positioning front end (time, lens; SPF), PMT lanes of bbox, iterator, tile sample test, depth', blurSchema, Blur);
export const HYBRID_UNIT = unit('hybrid', 'Hybrid rasterizer: the Blur unit that also runs NoBlur 4x/16x (front end bypassed), mode chosen per frame by the mode input', hybridSchema, Hybrid);

export const BLUR_UNITS: readonly UnitDef[] = [
  BLUR_UNIT,
  HYBRID_UNIT,
  unit('sample-time', 'blur front end: each vertex at the tuple time t, x0 (1 - t) + x1 t (ceil(verts/spf) slots; time=lerp2: two multiplies per coordinate, lerp1: one)', sampleTimeSchema, SampleInTime, 'blur'),
  unit('radius', 'blur front end: thin-lens defocus radius A (1 - F / z) per vertex (ceil(verts/spf) slots)', positionerSchema, Radius, 'blur'),
  unit('sample-lens', 'blur front end: each vertex moved by the tuple lens position, x += u r (ceil(verts/spf) slots)', positionerSchema, SampleInLens, 'blur'),
] as readonly UnitDef[];
