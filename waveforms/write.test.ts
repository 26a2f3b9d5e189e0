import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Trace } from '../hdl/sim/api.js';
import { demoTrace } from './testing/demo-trace.js';
import { parseVcd, valuesAt } from './vcd-read.js';
import { decodeWaveJson } from './wavejson-read.js';
import { formatOf, writeWaveform } from './write.js';

const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeWaveform', () => {
  it('picks the format from the extension', () => {
    expect(['a.json', 'b.SVG', 'c.png', 'd.vcd'].map(formatOf)).toEqual(['json', 'svg', 'png', 'vcd']);
    expect(() => formatOf('wave.fst')).toThrow('use .json (WaveJSON), .svg, .png or .vcd');
  });

  it('writes each format, windowed, into new directories, leaving no temporary files', () => {
    const t = demoTrace();
    const sub = join(dir, 'out', 'waves');
    const window = { from: 12, to: 16 };
    for (const ext of ['json', 'svg', 'png', 'vcd']) writeWaveform(t, join(sub, `demo.${ext}`), { window, radix: 'dec' });
    expect(readdirSync(sub).sort()).toEqual(['demo.json', 'demo.png', 'demo.svg', 'demo.vcd']);

    const json = JSON.parse(readFileSync(join(sub, 'demo.json'), 'utf8'));
    expect(decodeWaveJson(json, t.signals, 'dec')).toEqual(t.values.map((r) => r.slice(2, 6)));
    expect(readFileSync(join(sub, 'demo.svg'), 'utf8')).toContain('>u_fifo<');
    expect(readFileSync(join(sub, 'demo.png')).subarray(1, 4).toString()).toBe('PNG');
    const vcd = parseVcd(readFileSync(join(sub, 'demo.vcd'), 'utf8'));
    expect(valuesAt(vcd, [120, 150]).get('Top.data')).toEqual([0xabn, 0x12n]);
  });

  it('passes VCD options through', () => {
    const file = join(dir, 'opts.vcd');
    writeWaveform(demoTrace(), file, { vcd: { clock: false, period: 1, timescale: '1ps' } });
    const vcd = parseVcd(readFileSync(file, 'utf8'));
    expect(vcd.timescale).toBe('1ps');
    expect(vcd.vars.some((v) => v.path === 'Top.clock')).toBe(false);
    expect(vcd.times[0]).toBe(10);
  });

  it('leaves an existing file untouched and no debris when writing fails', () => {
    const file = join(dir, 'keep.svg');
    writeFileSync(file, 'old');
    const big: Trace = { ...demoTrace(), startCycle: 0, values: demoTrace().values.map(() => []) };
    big.values = big.values.map((_, i) => Array.from({ length: 3500 }, (_, c) => BigInt((c >> i) & 1)));
    expect(() => writeWaveform(big, file)).toThrow('too large for SVG');
    const bad = demoTrace();
    bad.values[1]![5] = 999n;
    expect(() => writeWaveform(bad, join(dir, 'keep.vcd'))).toThrow('has value 999');
    expect(() => writeWaveform(demoTrace(), join(dir, 'keep.png'), { window: { from: 0 } })).toThrow('cycles [10, 18)');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(existsSync(join(dir, 'keep.vcd'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
