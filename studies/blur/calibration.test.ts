// The Blur calibration mapping (units/blur/components.ts): every published
// component priced from the Blur netlist, lane 0 alone whatever the lane
// count, every instance and register claimed once, the tuple tables with the
// component that reads each (the jitter table in no row), and a component
// the mode lacks left "not modelled".
import { describe, expect, it } from 'vitest';
import { BLUR_UNIT } from '../../units/blur/units.js';
import { calibrationSamples, unpublishedSamples } from '../../explore/report/index.js';
import { inventory } from '../../hdl/inventory/index.js';
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

  it('prices one lane, whatever the lane count: the published table is one lane\'s components and the front end once', () => {
    const one = byName(samples({ pmt: '1' }));
    const three = byName(samples({ pmt: '3' }));
    for (const c of BLUR_CALIBRATION.published.map((p) => p.component)) {
      expect(three.get(c)!.total.registerBits.total, c).toBe(one.get(c)!.total.registerBits.total);
      expect(three.get(c)!.total.ops.length, c).toBe(one.get(c)!.total.ops.length);
    }
    expect(one.get('back-face cull')!.total.registerBits.total).toBeGreaterThan(0);
    // the other lanes are shown as what they are: copies in no row
    const extra = unpublishedSamples(BLUR_CALIBRATION, BLUR_UNIT.elaborate({ ...BLUR_REFERENCE, pmt: '3' }));
    expect(extra.find((u) => /^lanes 1/.test(u.block))!.instance).toBe('Blur.lane1 + Blur.lane2');
    expect(unpublishedSamples(BLUR_CALIBRATION, BLUR_UNIT.elaborate(BLUR_REFERENCE)).some((u) => /^lanes 1/.test(u.block))).toBe(false);
  });

  for (const cfg of [{}, { tvp: true, edge: 'multiply', jitter: 'tile' }, { render: 'motion', pmt: '2' }, { render: 'defocus', spf: '2' }] as Partial<BlurConfig>[]) {
    it(`accounts for every register and instance of the front end and of lane 0 exactly once (${JSON.stringify(cfg)})`, () => {
      const d = BLUR_UNIT.elaborate({ ...BLUR_REFERENCE, ...cfg });
      const blocks = [...BLUR_CALIBRATION.components.map((c) => ({ name: c.component, b: c })), ...(BLUR_CALIBRATION.unpublished ?? []).map((u) => ({ name: u.block!, b: u }))];
      const inv = inventory(d);
      const regsOf = (path: string): string[] => inv.instances.find((i) => i.path === path)!.items.filter((it) => it.shape.kind === 'reg').map((it) => it.name);
      // A component absent from the design (no instances) claims nothing.
      const present = blocks.filter(({ b }) => b.instances(d).length > 0 || 'block' in b);
      for (const path of ['Blur', 'Blur.lane0']) {
        for (const reg of regsOf(path)) {
          const claims = present.filter(({ b }) => (path === 'Blur' && b.registers?.test(reg)) || (b.owned?.(d) ?? []).some((o) => o.path === path && o.registers?.test(reg)));
          expect(claims.map((c) => c.name), `${path}.${reg}`).toHaveLength(1);
        }
      }
      const claimed = present.flatMap(({ b }) => b.instances(d));
      const children = (path: string): string[] => inv.instances.find((i) => i.path === path)!.children;
      const expected = [...children('Blur').filter((p) => p !== 'Blur.lane0'), ...children('Blur.lane0')].sort();
      expect([...claimed].sort()).toEqual(expected);
    });
  }

  it('gives each tuple table to the component that reads it, and the jitter table to no row', () => {
    const s = samples({});
    const inv = byName(s);
    const topItems = (c: string) => inv.get(c)!.instances.filter((i) => i.module.includes('owned by')).flatMap((i) => i.items);
    // t feeds sample in time; u, v sample in lens: each a table instance of its own.
    expect(s.find((x) => x.component === 'sample in time')!.instance).toMatch(/\bBlur\.time_table\b/);
    expect(s.find((x) => x.component === 'sample in lens')!.instance).toMatch(/\bBlur\.lens_table\b/);
    // jx, jy: the jitter table, in no published row, with the Rp registers holding them.
    const jitter = unpublishedSamples(BLUR_CALIBRATION, BLUR_UNIT.elaborate(BLUR_REFERENCE)).find((u) => u.block === 'jitter table')!;
    expect(jitter.instance).toMatch(/^Blur\.jitter \+/);
    expect(jitter.inventory.instances.flatMap((i) => i.items).filter((it) => it.shape.kind.startsWith('mux')).length).toBeGreaterThan(0);
    expect(s.map((x) => x.instance).join(' ')).not.toMatch(/\bBlur\.jitter\b/);
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

describe('calibration on the pick of the Blur sweep', () => {
  it('iterates from the reference over the sweep\'s own simulations until the pick is the design fitted on', async () => {
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { scratchDir } = await import('../../testbenches/scratch-dir.js');
    const { runSweep } = await import('../../explore/sweep/index.js');
    const { calibrateOnPick, pickAtLimit } = await import('../../explore/report/pick-calibration.js');
    const { loadForRepricing, repriceRows } = await import('../../explore/sweep/reprice.js');
    const { study } = await import('./index.js');
    const dir = scratchDir('blur-cal-');
    const ref = { module: new URL('./index.js', import.meta.url).href, name: 'blur', params: { count: 8 } };
    await runSweep({ study: ref, out: dir, spec: { only: 'render=blur,tvp=off,sts=1x1,stp=8.8,spf=1|4,pmt=1|4,edge=incremental,time=lerp2,recip=unrolled,jitter=tuple', stages: '1,4,16' }, workers: 0 });
    const cached = readdirSync(join(dir, 'microarch')).length;
    const lines: string[] = [];
    const cal = await calibrateOnPick(study as never, BLUR_CALIBRATION as never, dir, (l) => lines.push(l));
    // nothing simulated again: the cache is what the sweep left
    expect(readdirSync(join(dir, 'microarch'))).toHaveLength(cached);
    expect(cal.loop.priced).toBe(4);
    expect(cal.loop.iterations[0]!.calibratedOn).toBe('stp=8.8,edge=incremental,time=lerp2,recip=unrolled,jitter=tuple,render=blur,tvp=off,spf=1,pmt=1,sts=1x1');
    expect(['converged', 'cycle', 'no-pick']).toContain(cal.loop.status);
    expect(lines.filter((l) => /^calibration iteration \d+:/.test(l))).toHaveLength(cal.loop.iterations.length);
    if (cal.loop.status === 'converged') {
      // the sweep priced with the final knobs picks the design they were fitted on
      const set = await loadForRepricing(dir, (e) => e.mode === 'blur');
      const p = pickAtLimit(repriceRows(set, cal.knobs), 3e9, 1.0, 'mpPerSec');
      expect(p?.row.id).toBe(cal.calibratedOn);
      expect(cal.loop.iterations.at(-1)!.pick!.id).toBe(cal.calibratedOn);
    }
  }, 120_000);
});
