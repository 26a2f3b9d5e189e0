import { describe, expect, it } from 'vitest';
import { parseShard, inShard } from './shard.js';
import { DEFAULT_CLOCKS_GHZ, onlyText, resolveSpec, SpecError } from './spec.js';
import type { Axis } from './types.js';

const AXES: Axis[] = [
  { key: 'tvp', kind: 'bool', doc: 'pairs' },
  { key: 'sts', kind: 'enum', values: ['1x1', '2x2', '4x4'], doc: 'stamp' },
  { key: 'stp', kind: 'enum', values: ['4.8', '6.8', '8.8', '10.8', '12.8', '14.8'], doc: 'precision' },
  { key: 'msaa', kind: 'enum', values: ['4', '16'], doc: 'samples' },
];

describe('resolveSpec', () => {
  it('takes every value by default, with the documented physical grid', () => {
    const s = resolveSpec(AXES);
    expect(s.axes).toEqual({ tvp: [false, true], sts: ['1x1', '2x2', '4x4'], stp: ['4.8', '6.8', '8.8', '10.8', '12.8', '14.8'], msaa: ['4', '16'] });
    expect(s.vt).toEqual(['low', 'nominal', 'high']);
    expect(s.vdd).toEqual([0.81, 0.9, 0.99, 1.08]);
    expect(s.stages).toEqual({ kind: 'clocks', ghz: DEFAULT_CLOCKS_GHZ, minFo4PerStage: 6 });
  });

  it('narrows with --only, keeping the axis order whatever order was typed', () => {
    const s = resolveSpec(AXES, { only: 'tvp=on,sts=4x4|1x1,vt=high,vdd=1.08|0.9' });
    expect(s.axes['tvp']).toEqual([true]);
    expect(s.axes['sts']).toEqual(['1x1', '4x4']);
    expect(s.axes['stp']).toHaveLength(6);
    expect(s.vt).toEqual(['high']);
    expect(s.vdd).toEqual([0.9, 1.08]);
    expect(onlyText(AXES, s)).toBe('tvp=on,sts=1x1|4x4,vt=high,vdd=0.9|1.08');
  });

  it('takes explicit depths or clock targets', () => {
    expect(resolveSpec(AXES, { stages: '8,1,2,2' }).stages).toEqual({ kind: 'list', values: [1, 2, 8] });
    expect(resolveSpec(AXES, { clocks: '2,0.5' }).stages).toEqual({ kind: 'clocks', ghz: [0.5, 2], minFo4PerStage: 6 });
  });

  it('names the key and lists the valid values when something is wrong', () => {
    const bad = (only: string, re: RegExp): void => {
      expect(() => resolveSpec(AXES, { only })).toThrow(SpecError);
      expect(() => resolveSpec(AXES, { only })).toThrow(re);
    };
    bad('sts=3x3', /sts=3x3 is not valid; allowed: 1x1 \| 2x2 \| 4x4/);
    bad('tvp=maybe', /tvp=maybe is not valid; allowed: on \| off/);
    bad('stp=16.8', /allowed: 4\.8 \| 6\.8 \| 8\.8 \| 10\.8 \| 12\.8 \| 14\.8/);
    bad('foo=1', /unknown key "foo"; valid keys: tvp, sts, stp, msaa, vt, vdd/);
    bad('vt=ultra', /vt=ultra is not valid; allowed: low \| nominal \| high/);
    bad('vdd=2', /vdd=2 is not valid; allowed: volts in 0\.75\.\.1\.15/);
    bad('sts', /not key=value/);
    bad('sts=1x1,sts=2x2', /gives sts twice/);
    bad('sts=', /sts= is not valid/);
    expect(() => resolveSpec(AXES, { stages: '0,2' })).toThrow(/stages 0 is not valid/);
    expect(() => resolveSpec(AXES, { stages: '2', clocks: '1' })).toThrow(/--clocks applies to --stages auto only/);
    expect(() => resolveSpec(AXES, { clocks: '1,-2' })).toThrow(/clock -2 is not valid/);
    expect(() => resolveSpec(AXES, { activity: 'half' })).toThrow(/activity=half is not valid; allowed: full \| toggle/);
    expect(() => resolveSpec(AXES, { arith: 'carry-save' })).toThrow(/arith=carry-save is not valid; allowed: timed \| ripple \| fast/);
  });
});

describe('shards', () => {
  it('parses i/N and rejects anything else', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const t of ['0/3', '4/3', '1/0', 'a/b', '1']) expect(() => parseShard(t)).toThrow(/--shard .* is not valid; expected i\/N/);
  });

  it('partitions the enumeration: every index in exactly one shard', () => {
    for (let n = 1; n <= 5; n++) {
      for (let i = 0; i < 23; i++) {
        const owners = Array.from({ length: n }, (_, k) => k + 1).filter((k) => inShard(i, { index: k, count: n }));
        expect(owners).toHaveLength(1);
      }
    }
  });
});
