import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { VerilogDesign } from '../hdl/verilog/emit.js';
import { describeEda } from '../testbenches/cosim/describe-eda.js';
import { cachedYosysCellCounts, NotCachedError, yosysCacheKey } from './yosys-cache.js';

const verilog = (body: string): VerilogDesign => ({ top: 'Top', modules: [], files: new Map([['Top.v', `module Top(input [3:0] a, input [3:0] b, output [3:0] y);\n  assign y = ${body};\nendmodule\n`]]) });

describeEda('yosys', 'the cross-check cell-count cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-ycache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keys by the Verilog text: an edit is a new entry', () => {
    expect(yosysCacheKey(verilog('a & b'))).toBe(yosysCacheKey(verilog('a & b')));
    expect(yosysCacheKey(verilog('a & b'))).not.toBe(yosysCacheKey(verilog('a | b')));
  });

  it('synthesises once, then answers from the entry; read-only names what is missing', async () => {
    await expect(cachedYosysCellCounts(verilog('a ^ b'), { dir, readOnly: true })).rejects.toThrow(NotCachedError);
    const first = await cachedYosysCellCounts(verilog('a ^ b'), { dir });
    expect(first.cells['$_XOR_']).toBe(4);
    const [entry] = readdirSync(dir);
    // Doctor the entry: a second call must return it, not synthesise.
    const file = join(dir, entry!);
    const doctored = JSON.parse(readFileSync(file, 'utf8')) as { counts: { cells: Record<string, number> } };
    doctored.counts.cells['$_XOR_'] = 99;
    writeFileSync(file, JSON.stringify(doctored));
    expect((await cachedYosysCellCounts(verilog('a ^ b'), { dir, readOnly: true })).cells['$_XOR_']).toBe(99);
    // Bypassed: synthesised afresh, the entry left as it was.
    expect((await cachedYosysCellCounts(verilog('a ^ b'), { dir: null })).cells['$_XOR_']).toBe(4);
    expect(readFileSync(file, 'utf8')).toContain('99');
  }, 60_000);

  it('synthesises again over a torn entry', async () => {
    await cachedYosysCellCounts(verilog('a & b'), { dir });
    const file = join(dir, `${yosysCacheKey(verilog('a & b'))}.json`);
    writeFileSync(file, '{"format": "gfxrtl-yosys-co');
    expect((await cachedYosysCellCounts(verilog('a & b'), { dir })).cells['$_AND_']).toBe(4);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'gfxrtl-yosys-counts/1' });
  }, 60_000);
});
