import { describe, expect, it } from 'vitest';
import { demoTrace } from './testing/demo-trace.js';
import { checkTrace } from './trace-shape.js';
import { chooseWindow, sliceTrace } from './window.js';

describe('chooseWindow', () => {
  const t = demoTrace(); // cycles [10, 18)

  it('defaults to the whole trace and accepts partial bounds', () => {
    expect(chooseWindow(t)).toEqual({ from: 10, to: 18 });
    expect(chooseWindow(t, { from: 12 })).toEqual({ from: 12, to: 18 });
    expect(chooseWindow(t, { to: 11 })).toEqual({ from: 10, to: 11 });
  });

  it('names the trace range when the window falls outside it', () => {
    expect(() => chooseWindow(t, { from: 5 })).toThrow('window [5, 18) is not a non-empty part of trace Top, which has cycles [10, 18)');
    expect(() => chooseWindow(t, { to: 19 })).toThrow('cycles [10, 18)');
    expect(() => chooseWindow(t, { from: 14, to: 14 })).toThrow('cycles [10, 18)');
    expect(() => chooseWindow(t, { from: 11.5 })).toThrow('whole cycle numbers');
  });

  it('reports an empty trace as having no cycles', () => {
    expect(() => chooseWindow({ topName: 'E', signals: [], startCycle: 3, values: [] })).toThrow(
      'no cycles (starts at 3)',
    );
  });

  it('slices rows to absolute cycles', () => {
    const s = sliceTrace(t, { from: 12, to: 14 });
    expect(s.startCycle).toBe(12);
    expect(s.values[2]).toEqual([2n, 2n]);
  });
});

describe('checkTrace', () => {
  it('rejects values that do not fit the width, naming signal and cycle', () => {
    const t = demoTrace();
    t.values[2]![3] = 16n;
    expect(() => checkTrace(t)).toThrow('signal Top.u_fifo.count (4 bits) has value 16 at cycle 13');
    t.values[2]![3] = -1n;
    expect(() => checkTrace(t)).toThrow('has value -1');
  });

  it('rejects ragged rows and duplicate paths', () => {
    const t = demoTrace();
    t.values[1]!.pop();
    expect(() => checkTrace(t)).toThrow('signal Top.data has 7 cycles, Top.valid has 8');
    const u = demoTrace();
    u.signals[1] = { ...u.signals[1]!, path: 'Top.valid' };
    expect(() => checkTrace(u)).toThrow('signal Top.valid appears twice');
  });
});
