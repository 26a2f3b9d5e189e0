import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbTrace } from './testing/arb-trace.js';
import { demoTrace } from './testing/demo-trace.js';
import { decodeWaveJson, expandLane } from './wavejson-read.js';
import { traceToWaveJson } from './wavejson.js';

describe('traceToWaveJson', () => {
  it('groups lanes by module, levels for 1-bit signals, labelled buses', () => {
    const j = traceToWaveJson(demoTrace(), { hscale: 1 });
    expect(j).toEqual({
      signal: [
        [
          'Top',
          { name: 'valid', wave: '01.010.1' },
          { name: 'data', wave: '==.===.=', data: ['0x0', '0xab', '0x10', '0x11', '0x12', '0xff'] },
          [
            'u_fifo',
            { name: 'count', wave: '===.====', data: ['0x0', '0x1', '0x2', '0x3', '0x2', '0x1', '0x0'] },
            { name: 'x', wave: '=.=.===.', data: ['-0.5', '1.5', '-3.5', '0.00390625', '0'] },
            ['u_ram', { name: 'q', wave: '===.====', data: ['-1', '-128', '127', '0', '1', '2', '3'] }],
          ],
          { name: 'ready', wave: '1.......' },
        ],
      ],
      head: { text: 'Top, cycles 10..17' },
      foot: { tick: 10 },
    });
  });

  it('windows by absolute cycle and numbers the ticks from the window start', () => {
    const j = traceToWaveJson(demoTrace(), { window: { from: 13, to: 15 }, title: 'burst', radix: 'dec' });
    expect(j.head).toEqual({ text: 'burst' });
    expect(j.foot).toEqual({ tick: 13 });
    expect(expandLane({ name: 'data', wave: '==', data: ['16', '17'] })).toEqual(['16', '17']);
    const top = j.signal[0] as unknown[];
    expect(top[2]).toEqual({ name: 'data', wave: '==', data: ['16', '17'] });
    expect(() => traceToWaveJson(demoTrace(), { window: { from: 0, to: 4 } })).toThrow('cycles [10, 18)');
  });

  it('stretches cycles so long labels fit, up to a cap', () => {
    expect(traceToWaveJson(demoTrace()).config).toEqual({ hscale: 3 }); // '0.00390625' in one cycle
    const t = demoTrace();
    t.signals = t.signals.slice(0, 3);
    t.values = t.values.slice(0, 3);
    expect(traceToWaveJson(t).config).toBeUndefined();
    expect(() => traceToWaveJson(t, { hscale: 0 })).toThrow("hscale must be 'auto' or an integer 1..100");
  });

  it('round-trips random traces: expand the waves, parse the labels, get the values back', () => {
    fc.assert(
      fc.property(arbTrace, fc.constantFrom('auto', 'hex', 'dec' as const), (trace, radix) => {
        const j = traceToWaveJson(trace, { radix });
        // What we hand to wavedrom and write to .json must be plain JSON.
        const reread = JSON.parse(JSON.stringify(j));
        expect(reread).toEqual(j);
        expect(decodeWaveJson(reread, trace.signals, radix)).toEqual(trace.values);
        expect(reread.foot.tick).toBe(trace.startCycle);
      }),
    );
  });
});

describe('expandLane', () => {
  it('rejects malformed lanes', () => {
    expect(() => expandLane({ name: 'a', wave: '.1' })).toThrow("wave starts with '.'");
    expect(() => expandLane({ name: 'a', wave: '==', data: ['1'] })).toThrow("more '=' than data labels");
    expect(() => expandLane({ name: 'a', wave: '=', data: ['1', '2'] })).toThrow('2 data labels for 1');
    expect(() => expandLane({ name: 'a', wave: '0x' })).toThrow("unexpected wave character 'x'");
  });
});
