import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Trace } from '../hdl/sim/api.js';
import { arbTrace } from './testing/arb-trace.js';
import { demoTrace } from './testing/demo-trace.js';
import { FileSink, StringSink } from './text-sink.js';
import { parseVcd, valuesAt, type VcdData } from './vcd-read.js';
import { vcdId } from './vcd-ids.js';
import { traceToVcd, VcdWriter, writeTraceVcd } from './vcd.js';

function small(): Trace {
  const t = demoTrace();
  return { ...t, signals: t.signals.slice(0, 3), values: t.values.slice(0, 3).map((r) => r.slice(0, 4)) };
}

/** Values at each cycle's sample time, per path, for the trace's signals. */
function reread(data: VcdData, trace: Trace, period: number, from = trace.startCycle, to?: number): bigint[][] {
  const end = to ?? trace.startCycle + trace.values[0]!.length;
  const times = Array.from({ length: end - from }, (_, i) => (from + i) * period);
  const byPath = valuesAt(data, times);
  return trace.signals.map((s) => byPath.get(s.path)!);
}

/** Every timestamp must carry at least one change (no empty #time lines). */
function timesWithoutChanges(data: VcdData): number[] {
  const changed = new Set(data.changes.map((c) => c.time));
  return data.times.filter((t) => !changed.has(t));
}

describe('vcdId', () => {
  it('gives short, distinct, printable identifiers', () => {
    expect([0, 1, 93, 94, 95, 94 + 94 * 94 - 1, 94 + 94 * 94].map(vcdId)).toEqual(['!', '"', '~', '!!', '!"', '~~', '!!!']);
    const ids = Array.from({ length: 20000 }, (_, i) => vcdId(i));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[!-~]+$/.test(id))).toEqual([]);
  });
});

describe('traceToVcd', () => {
  it('writes the documented layout', () => {
    expect(traceToVcd(small())).toBe(
      [
        '$version gfxrtl $end',
        '$timescale 1ns $end',
        '$scope module Top $end',
        '$var wire 1 $ clock $end',
        '$var wire 1 ! valid $end',
        '$var wire 8 " data [7:0] $end',
        '$scope module u_fifo $end',
        '$var wire 4 # count [3:0] $end',
        '$upscope $end',
        '$upscope $end',
        '$enddefinitions $end',
        '#100', '$dumpvars', '0!', 'b0 "', 'b0 #', '1$', '$end',
        '#105', '0$',
        '#110', '1!', 'b10101011 "', 'b1 #', '1$',
        '#115', '0$',
        '#120', 'b10 #', '1$',
        '#125', '0$',
        '#130', '0!', 'b10000 "', '1$',
        '#135', '0$',
        '#140', '1$',
        '',
      ].join('\n'),
    );
  });

  it('without the clock, one unit per cycle, timestamps only where values change', () => {
    const text = traceToVcd(small(), { clock: false, period: 1, timescale: '10ps' });
    const data = parseVcd(text);
    expect(data.timescale).toBe('10ps');
    expect(data.times).toEqual([10, 11, 12, 13]);
    const t = small();
    t.values = t.values.map((r) => [r[0]!, r[0]!, r[0]!, r[3]!]);
    expect(parseVcd(traceToVcd(t, { clock: false, period: 1 })).times).toEqual([10, 13]);
  });

  it('round-trips random traces (widths 1..200) through the reader', () => {
    fc.assert(
      fc.property(arbTrace, fc.boolean(), fc.constantFrom(2, 10, 1000), (trace, clock, period) => {
        const data = parseVcd(traceToVcd(trace, { clock, period }));
        const widths = [...(clock ? [['Top.clock', 1] as const] : []), ...trace.signals.map((s) => [s.path, s.width] as const)];
        const byPath = (a: readonly [string, number], b: readonly [string, number]): number => (a[0] < b[0] ? -1 : 1);
        expect(data.vars.map((v) => [v.path, v.width] as const).sort(byPath)).toEqual(widths.sort(byPath));
        expect(reread(data, trace, period)).toEqual(trace.values);
        expect(timesWithoutChanges(data)).toEqual([]);
        if (clock) {
          // The clock is high at every sample time and low half a period later.
          const c = valuesAt(data, data.times).get('Top.clock')!;
          data.times.forEach((t, i) => expect(c[i]).toBe(t % period === 0 ? 1n : 0n));
        }
      }),
    );
  });

  it('writes a window with absolute times', () => {
    const t = demoTrace();
    const data = parseVcd(traceToVcd(t, { window: { from: 12, to: 15 } }));
    expect(data.times[0]).toBe(120);
    expect(data.times.at(-1)).toBe(150);
    expect(reread(data, t, 10, 12, 15)).toEqual(t.values.map((r) => r.slice(2, 5)));
    expect(() => traceToVcd(t, { window: { from: 2 } })).toThrow('cycles [10, 18)');
  });

  it('renames the synthetic clock when the trace has a signal called clock', () => {
    const t = small();
    t.signals = [{ ...t.signals[0]!, path: 'Top.clock' }, ...t.signals.slice(1)];
    const paths = parseVcd(traceToVcd(t)).vars.map((v) => v.path);
    expect(paths).toContain('Top._clock');
    expect(paths).toContain('Top.clock');
  });

  it('rejects bad options and values', () => {
    expect(() => traceToVcd(small(), { period: 5 })).toThrow('even when the clock is shown');
    expect(() => traceToVcd(small(), { timescale: '3ns' })).toThrow('timescale');
    const t = small();
    t.values[1]![2] = 256n;
    expect(() => traceToVcd(t)).toThrow('Top.data (8 bits) has value 256 at cycle 12');
    const w = new VcdWriter(new StringSink(), small().signals);
    expect(() => w.sample([0n])).toThrow('1 values for 3 signals');
    expect(() => w.sample([2n, 0n, 0n])).toThrow('Top.valid (1 bits) got 2 at cycle 0');
    w.close();
    expect(() => w.sample([0n, 0n, 0n])).toThrow('sample after close');
  });
});

describe('VcdWriter streaming to a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-vcd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the same bytes as the whole-trace function, through a small buffer', () => {
    const t = demoTrace();
    const file = join(dir, 'stream.vcd');
    const sink = new FileSink(file, 16); // flush often: exercises the buffer
    const w = new VcdWriter(sink, t.signals, { topName: 'Top', startCycle: t.startCycle });
    for (let c = 0; c < t.values[0]!.length; c++) w.sample(t.values.map((r) => r[c]!));
    w.close();
    sink.close();
    expect(readFileSync(file, 'utf8')).toBe(traceToVcd(t));
    const s = new StringSink();
    writeTraceVcd(t, s);
    expect(s.toString()).toBe(traceToVcd(t));
  });
});

describe('parseVcd', () => {
  it('rejects what our writer must never produce', () => {
    const head = '$scope module T $end $var wire 1 ! a $end $upscope $end $enddefinitions $end\n';
    expect(() => parseVcd(head + '#2 1! #2 0!')).toThrow('timestamp #2 after #2');
    expect(() => parseVcd(head + '#1 1"')).toThrow('unknown identifier "');
    expect(() => parseVcd(head + '1!')).toThrow('before the first timestamp');
    expect(() => parseVcd('$scope module T $end $enddefinitions $end')).toThrow('scope T not closed');
    expect(() => valuesAt(parseVcd(head + '#0 x!'), [0])).toThrow('T.a is x at time 0');
    expect(() => valuesAt(parseVcd(head + '#5 1!'), [0])).toThrow('T.a has no value at time 0');
  });
});
