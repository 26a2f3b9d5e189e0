// GTKWave's own converter is the strictest reader we can run here: if
// vcd2fst accepts our file and fst2vcd gives back the same values, GTKWave
// opens it. Skipped (with a notice) where gtkwave is not installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoTrace } from './testing/demo-trace.js';
import { parseVcd, valuesAt } from './vcd-read.js';
import { traceToVcd } from './vcd.js';

const have = (tool: string): boolean => spawnSync(tool, ['--help'], { stdio: 'ignore' }).error === undefined;
const available = have('vcd2fst') && have('fst2vcd');
if (!available) console.warn('vcd-gtkwave.test: vcd2fst/fst2vcd not found (apt-get install gtkwave); skipping');

describe.skipIf(!available)('GTKWave accepts our VCD', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-fst-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts to FST and back with the same values', () => {
    const trace = demoTrace();
    // Enough signals for two-character identifiers, and a wide bus.
    for (let i = 0; i < 100; i++) {
      trace.signals.push({ path: `Top.u_many.w${i}`, width: 1 + ((i * 37) % 200), kind: 'wire' });
      trace.values.push(trace.values[0]!.map((v, c) => (BigInt(i + c) * 0x9e3779b97f4a7c15n + v) & ((1n << BigInt(1 + ((i * 37) % 200))) - 1n)));
    }
    // An FSM state bus, which brings its `$var string` name companion.
    trace.signals.push({ path: 'Top.u_fsm.state', width: 2, kind: 'reg', display: { kind: 'enum', names: ['idle', 'run', 'done'] } });
    trace.values.push(trace.values[0]!.map((_, c) => BigInt(c % 4)));
    const vcd = join(dir, 'a.vcd');
    const fst = join(dir, 'a.fst');
    writeFileSync(vcd, traceToVcd(trace));
    execFileSync('vcd2fst', [vcd, fst], { stdio: 'pipe' });
    const back = parseVcd(execFileSync('fst2vcd', [fst], { encoding: 'utf8', maxBuffer: 1 << 26 }));
    const times = Array.from({ length: 8 }, (_, c) => (10 + c) * 10);
    const ours = valuesAt(parseVcd(readFileSync(vcd, 'utf8')), times);
    const theirs = valuesAt(back, times);
    expect(theirs.size).toBe(ours.size);
    for (const [path, values] of ours) expect(theirs.get(path), path).toEqual(values);
    expect(back.stringVars.map((v) => v.path)).toContain('Top.u_fsm.state_name');
  });
});
