// The Blur calibration mapping: every published component priced from the
// Blur netlist, each lane's share counted, the tuple ROM's outputs charged to
// the one component that reads each, and a component the mode lacks left
// "not modelled".
import { describe, expect, it } from 'vitest';
import { BLUR_UNIT } from '../../units/blur/units.js';
import { calibrationSamples } from '../../synth-models/report/index.js';
import { BLUR_CALIBRATION, BLUR_REFERENCE } from './calibration.js';
import type { BlurConfig } from '../../units/blur/config.js';

const samples = (cfg: Partial<BlurConfig>) => calibrationSamples(BLUR_CALIBRATION, BLUR_UNIT.elaborate({ ...BLUR_REFERENCE, ...cfg }));
const byName = (s: ReturnType<typeof samples>) => new Map(s.map((x) => [x.component, x.inventory]));

describe('Blur calibration components', () => {
  it('prices all seven published components from the reference Blur netlist', () => {
    const s = samples({});
    expect(s.map((x) => x.component).sort()).toEqual(BLUR_CALIBRATION.published.map((p) => p.component).sort());
    for (const x of s) expect(x.inventory.total.ops.length + x.inventory.total.registerBits.total).toBeGreaterThan(0);
  });

  it('charges each lane component once per lane (pmt)', () => {
    const one = byName(samples({ pmt: '1' }));
    const two = byName(samples({ pmt: '2' }));
    for (const c of ['bbox', 'back-face cull', 'sample test', 'interpolation']) {
      expect(two.get(c)!.total.registerBits.total).toBe(2 * one.get(c)!.total.registerBits.total);
    }
    // The front end is not replicated by lanes.
    expect(two.get('sample in lens')!.total.registerBits.total).toBe(one.get('sample in lens')!.total.registerBits.total);
  });

  it('gives the tuple ROM outputs to the components that read them', () => {
    const inv = byName(samples({}));
    const topItems = (c: string) => inv.get(c)!.instances.filter((i) => i.module.includes('owned by')).flatMap((i) => i.items);
    // t feeds sample in time; u, v sample in lens; jx, jy the sample test: each a 64-entry mux tree.
    for (const c of ['sample in time', 'sample in lens', 'sample test']) expect(topItems(c).filter((it) => it.shape.kind.startsWith('mux')).length).toBeGreaterThan(0);
    // The positioned vertices in Rp are the lens's (it produces them in blur mode).
    expect(topItems('sample in lens').some((it) => /^rp_x0$/.test(it.name))).toBe(true);
    expect(topItems('sample in time').some((it) => it.shape.kind === 'reg')).toBe(false);
  });

  it('leaves the lens "not modelled" in motion mode and gives the front end to sample in time', () => {
    const s = samples({ render: 'motion' });
    expect(s.some((x) => x.component === 'sample in lens')).toBe(false);
    const time = s.find((x) => x.component === 'sample in time')!;
    expect(time.inventory.instances.flatMap((i) => i.items).some((it) => it.name === 'rp_x0')).toBe(true);
  });
});
