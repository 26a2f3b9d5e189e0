import { describe, expect, it } from 'vitest';
import type { SignalInfo } from '../api.js';
import { selectSignals } from './select.js';

const sig = (path: string): SignalInfo => ({ path, width: 8, kind: 'wire' });
const ALL = [
  'Top.clk_en',
  'Top.count',
  'Top.u0.count',
  'Top.u0.fifo.count',
  'Top.u0.fifo.data',
  'Top.u1.count',
  'Top.u1.#7',
  'Top.#3',
].map(sig);
const sel = (...patterns: string[]): string[] => selectSignals(ALL, patterns).map((s) => s.path);

describe('selectSignals', () => {
  it('a pattern without a dot matches the last segment at any depth', () => {
    expect(sel('count')).toEqual(['Top.count', 'Top.u0.count', 'Top.u0.fifo.count', 'Top.u1.count']);
    expect(sel('c*')).toEqual(['Top.clk_en', 'Top.count', 'Top.u0.count', 'Top.u0.fifo.count', 'Top.u1.count']);
    expect(sel('dat?')).toEqual(['Top.u0.fifo.data']);
  });

  it('* stays within a segment, ** spans segments', () => {
    expect(sel('Top.*.count')).toEqual(['Top.u0.count', 'Top.u1.count']);
    expect(sel('Top.**.count')).toEqual(['Top.count', 'Top.u0.count', 'Top.u0.fifo.count', 'Top.u1.count']);
    expect(sel('Top.u0.**')).toEqual(['Top.u0.count', 'Top.u0.fifo.count', 'Top.u0.fifo.data']);
    expect(sel('**')).toEqual(['Top.clk_en', 'Top.count', 'Top.u0.count', 'Top.u0.fifo.count', 'Top.u0.fifo.data', 'Top.u1.count']);
  });

  it('dotted patterns may leave out the top name', () => {
    expect(sel('u0.*')).toEqual(['Top.u0.count']);
    expect(sel('u*.fifo.*')).toEqual(['Top.u0.fifo.count', 'Top.u0.fifo.data']);
  });

  it('/regex/ searches full paths', () => {
    expect(sel('/fifo\\.(count|data)$/')).toEqual(['Top.u0.fifo.count', 'Top.u0.fifo.data']);
    expect(sel('/CLK/i')).toEqual(['Top.clk_en']);
  });

  it('unnamed nodes only match patterns that mention #', () => {
    expect(sel('/.*/')).not.toContain('Top.#3');
    expect(sel('#*')).toEqual(['Top.u1.#7', 'Top.#3']);
    expect(sel('Top.u1.#7')).toEqual(['Top.u1.#7']);
    expect(sel('/#/')).toEqual(['Top.u1.#7', 'Top.#3']);
  });

  it('keeps pattern order and drops duplicates', () => {
    expect(sel('data', 'Top.count', 'count')).toEqual([
      'Top.u0.fifo.data',
      'Top.count',
      'Top.u0.count',
      'Top.u0.fifo.count',
      'Top.u1.count',
    ]);
  });

  it('errors name the pattern and list some signals', () => {
    expect(() => sel('cnt')).toThrow(/signal pattern "cnt" matches no signal; signals include Top\.clk_en, Top\.count/);
    expect(() => sel('/(/')).toThrow(/signal pattern "\/\(\/" is not a valid regular expression/);
    expect(() => sel('Top..x')).toThrow(/empty segment/);
  });
});
