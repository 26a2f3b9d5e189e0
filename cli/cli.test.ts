// Every command line of README's command list, run (in-process) with
// smaller workloads where the README's would take minutes, and its output
// checked; so the README cannot drift from the program. Also: sim and cosim
// drive the same inputs for a seed, Slurm array shards merge to the bytes of
// one run, the manual's plugin example (docs/extending.md) registers a unit, and bad input is
// one line naming what is valid.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../hdl/sim/index.js';
import { findUnit } from '../studies/registry.js';
import { runOurSimulator } from '../testbenches/cosim/compare.js';
import { hasTool } from '../testbenches/cosim/index.js';
import { coverageCounts, toCosimStimulus, unitStimulus } from '../testbenches/unit-stimulus.js';
import { runCli } from './run-in-process.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const T = mkdtempSync(join(tmpdir(), 'gfxrtl-cli-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

/** Shell words of one line, single and double quotes honoured, `# comment` dropped. */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (ch === '#' && !started && cur === '') {
      break;
    } else if (/\s/.test(ch)) {
      if (started) out.push(cur);
      cur = '';
      started = false;
    } else {
      cur += ch;
      started = true;
    }
  }
  if (started) out.push(cur);
  return out;
}

function readmeCommands(): string[][] {
  const section = README.slice(README.indexOf('## The command line'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.split('\n').filter((l) => l.startsWith('npx gfxrtl ')).map((l) => words(l).slice(2));
}

/** README paths -> the test's directory. */
function place(args: readonly string[]): string[] {
  return args.map((a, i) => {
    if (i === 0) return a; // the command itself
    if (a === 'report' || a.startsWith('report/')) return join(T, a);
    if (a.startsWith('out/')) return join(T, a);
    if (a === 'shardA' || a === 'shardB') return join(T, a);
    return a;
  });
}

function setOpt(args: string[], flag: string, value: string): string[] {
  const i = args.indexOf(flag);
  return i >= 0 ? [...args.slice(0, i + 1), value, ...args.slice(i + 2)] : [...args, flag, value];
}

interface Case {
  args: string[];
  needs?: 'verilator';
  check(r: { stdout: string; stderr: string }): void;
}

const SMALL_NOBLUR = 'tvp=off,sts=4x4,recip=unrolled,edge=multiply,vt=high,vdd=0.99';
const lines = (s: string): string[] => s.trim().split('\n');

/** Smaller sizes and output checks per README line. */
function caseOf(readme: string[]): Case {
  let args = place(readme);
  const is = (...w: string[]): boolean => w.every((x, i) => readme[i] === x);
  if (is('units')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/^noblur {2}NoBlur micropolygon rasterizer/m);
    expect(r.stdout).toMatch(/tvp +on \| off +default off /);
    expect(r.stdout).toContain('parts (same keys): cull, bbox, edge-setup, reciprocal, iterator, sample-test, depth-interp');
    expect(r.stdout).toMatch(/^ {2}noblur +unit noblur; .*work unit MP \(one MP is one triangle; a TVP pair counts as two MPs\)/m);
  } };
  if (is('sim', 'mac')) return { args, check: (r) => {
    expect(lines(r.stdout)).toHaveLength(20);
    expect(JSON.parse(lines(r.stdout)[0]!)).toHaveProperty('outputs.acc');
    expect(r.stderr).toMatch(/mac \[.*round=halfUp,overflow=wrap\]: 20 cycles simulated \(uniform random bits on every input, seed 7\), waveform in /);
    expect(readFileSync(join(T, 'out/mac.svg'), 'utf8')).toMatch(/^<svg/);
  } };
  if (is('sim', 'fifo')) return { args, check: (r) => {
    expect(lines(readFileSync(join(T, 'out/fifo.jsonl'), 'utf8')).length).toBeGreaterThan(5);
    expect(readFileSync(join(T, 'out/fifo.vcd'), 'utf8')).toContain('$scope module Fifo');
    expect(r.stderr).toMatch(/from units\/fifo\/example\.stim\.json, outputs in .*fifo\.jsonl, waveform in .*fifo\.vcd/);
  } };
  if (is('verilog', 'noblur')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/noblur \[tvp=on,sts=4x4,.*\]: \d+ Verilog files in .* \(top module NoBlur\)/);
    expect(existsSync(join(T, 'out/rtl/NoBlur.v'))).toBe(true);
  } };
  if (is('verilog', 'bbox')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/^bbox \[tvp=off,sts=2x2,stp=4\.8,msaa=16,recip=unrolled,edge=multiply\]: 1 Verilog files in .* \(top module BBox\): BBox\.v/);
  } };
  if (is('cosim')) return { args, needs: 'verilator', check: (r) => {
    expect(r.stdout).toMatch(/cycles x \d+ outputs identical in gfxrtl's simulator and Verilator/);
  } };
  if (is('inventory')) return { args, check: (r) => {
    expect(r.stdout).toContain(`# Operator inventory: ${readme[1]} [`);
    expect(r.stdout).toContain('## Longest combinational path');
  } };
  if (is('price')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/^# fifo: 4 configs at nominal Vt, 1\.1 V/);
    expect(r.stdout).toContain('clock: at 1.200 GHz as requested with --clock');
    expect(r.stdout).toMatch(/^knobs: area x[\d.]+, energy x[\d.]+, delay x[\d.]+ from /m);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('| width='))).toHaveLength(4);
  } };
  if (is('workload')) {
    args = setOpt(args, '--count', '512');
    return { args, check: (r) => {
      expect(r.stdout).toMatch(/^workload raster: surface sphere, 512 triangles/);
      expect(r.stdout).toMatch(/mesh written to .*mps\.json/);
    } };
  }
  if (is('samples')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/^# 16x MSAA samples in pixels x 10\.\.11, y 20\.\.20/);
    expect(lines(r.stdout)).toHaveLength(2 + 32);
  } };
  if (is('sim', 'noblur') && readme.includes('--workload')) {
    args = setOpt(args, '--param', 'count=512');
    return { args, check: (r) => {
      expect(r.stdout).toMatch(/^noblur \[tvp=on,sts=2x2,stp=4\.8,msaa=16,recip=unrolled,edge=multiply\] on workload default/);
      expect(r.stdout).toMatch(/MPs \(one MP is one triangle; a TVP pair counts as two MPs\) +512\n/);
      expect(r.stdout).toMatch(/input records \(MPs, or pairs with TVP\) +\d+\n/);
      const m = /cycles +(\d+)\n.*MPs per cycle +([\d.]+)/s.exec(r.stdout)!;
      expect(Number(m[2])).toBeCloseTo(512 / Number(m[1]), 4);
    } };
  }
  if (is('sim', 'noblur')) return { args, check: (r) => {
    expect(r.stdout).toMatch(/MPs \(one MP is one triangle; a TVP pair counts as two MPs\) +512\n/);
    const hits = lines(readFileSync(join(T, 'out/hits.jsonl'), 'utf8')).map((l) => JSON.parse(l) as Record<string, number>);
    expect(hits.length).toBeGreaterThan(50);
    expect(Object.keys(hits[0]!)).toEqual(['tri', 'px', 'py', 's', 'sx', 'sy', 'z']);
  } };
  if (is('calibrate')) {
    args = [...args, '--no-yosys'];
    return { args, check: (r) => {
      // The global knobs: all seven components priced from the reference Blur netlist,
      // each with its depth and slack at 2 GHz; blocks in no published row beside them.
      expect(r.stdout).toMatch(/\| back-face cull \| Blur\.lane0\.cull \+ the registers and logic it owns \| \d+ \| [+-]\d+/);
      expect(r.stdout).toMatch(/\| sample in time \| Blur\.time \+ Blur\.time_table \| \d+ \| [+-]\d+/);
      expect(r.stdout).toMatch(/\| edge setup: not in the published breakdown \| Blur\.lane0\.setup/);
      expect(r.stdout).toMatch(/^timing at 2 GHz, high Vt, 0\.99 V: /m);
      expect(r.stdout).toMatch(/RMS log error on the reference design: area [\d.]+ \(target <= 0\.7: (NOT )?met\), power [\d.]+ \(target <= 0\.8: (NOT )?met\)/);
      expect(r.stdout).not.toContain('not modelled');
    } };
  }
  if (is('sweep') && readme.includes('--activity')) {
    args = setOpt(setOpt(args, '--param', 'count=64'), '--only', `${SMALL_NOBLUR},stp=14.8,msaa=4`);
    args = [...args, '--workers', '0', '--report', '-q'];
    return { args, check: (r) => {
      expect(r.stderr).toMatch(/complete; \d+ points/);
      const rows = lines(readFileSync(join(T, 'out/toggle/points.jsonl'), 'utf8')).map((l) => JSON.parse(l) as Record<string, number>);
      for (const row of rows) expect(row['powerW']).toBeLessThan(row['fullPowerW']!);
      expect(readFileSync(join(T, 'out/toggle/index.md'), 'utf8')).toContain('| power mW (toggles) | power mW (fully used) |');
    } };
  }
  if (is('sweep')) {
    args = [...args, '--param', 'count=64', '--only', `${SMALL_NOBLUR},stp=8.8|14.8`, '--workers', '0', '-q'];
    return { args, check: (r) => {
      expect(r.stderr).toMatch(/sweep .*: complete; \d+ points .* 4 of 4 micro-architectures simulated/);
      expect(readFileSync(join(T, 'report/points.jsonl'), 'utf8')).toMatch(/^\{"study":"noblur","mode":"noblur4","tvp":false,"sts":"4x4","stp":"8.8","recip":"unrolled","edge":"multiply","vt":"high"/);
    } };
  }
  if (is('merge')) {
    args = setOpt(args, '--out', join(T, 'merged'));
    return { args, check: (r) => {
      expect(r.stderr).toMatch(/merge .*merged: \d+ points from 2 directories \(0 duplicates dropped\); complete/);
    } };
  }
  if (is('report')) return { args, check: (r) => {
    expect(r.stderr).toMatch(/report: .*index\.md \(\d+ plot files\)/);
    const md = readFileSync(join(T, 'report/index.md'), 'utf8');
    expect(md).toContain('## Mode noblur4');
    expect(md).toContain('Throughput is in MPs: one MP is one triangle; a TVP pair counts as two MPs.');
    expect(md).toContain('### Cost of 3 GMP/s at fixed power density');
    expect(md).toContain('| GMP/s | GMP/s/mm^2 | pJ/MP | W/mm^2 |');
  } };
  if (is('study')) {
    args = [...args, '--param', 'cycles=200', '--only', 'intBits=4,fracBits=4', '--no-yosys', '--workers', '0', '-q'];
    return { args, check: (r) => {
      expect(r.stderr).toMatch(/gfxrtl study mac: done in \d+ s; open .*index\.md/);
      expect(readFileSync(join(T, 'out/mac-study/index.md'), 'utf8')).toContain('## Mode mac-wrap');
    } };
  }
  throw new Error(`README command without a test case: gfxrtl ${readme.join(' ')}`);
}

describe("README's command list", () => {
  const commands = readmeCommands();

  it('is there and every line has a case', () => {
    expect(commands.length).toBeGreaterThanOrEqual(18);
    for (const c of commands) expect(() => caseOf(c)).not.toThrow();
  });

  beforeAll(async () => {
    // The two shard directories the merge line joins.
    for (const i of [1, 2]) {
      const r = await runCli(['sweep', '--study', 'mac', '--param', 'cycles=100', '--only', 'intBits=4|8,fracBits=4', '--shard', `${i}/2`, '--workers', '0', '-q', '--out', join(T, i === 1 ? 'shardA' : 'shardB')]);
      expect(r.code).toBe(0);
    }
  }, 60_000);

  for (const readme of commands) {
    const c = caseOf(readme);
    const run = c.needs === undefined || hasTool(c.needs) ? it : it.skip;
    run(`gfxrtl ${readme.join(' ')}`, async () => {
      const r = await runCli(c.args);
      if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
      c.check(r);
    }, 300_000);
  }
});

describe('one random stimulus for sim and cosim', () => {
  it('sim --seed S prints the outputs cosim compares for --seed S', async () => {
    const r = await runCli(['sim', 'mac', '--config', 'overflow=wrap', '--cycles', '40', '--seed', '5']);
    const printed = lines(r.stdout).map((l) => (JSON.parse(l) as { outputs: Record<string, number> }).outputs);
    const unit = findUnit('mac');
    const { design, config } = unit.parse('overflow=wrap');
    const ours = runOurSimulator(design, toCosimStimulus(unitStimulus(unit, config, design, 5, 40).stimulus), createSimulator);
    expect(printed).toEqual(ours.map((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v)]))));
    expect(new Set(printed.map((o) => o['acc'])).size).toBeGreaterThan(5);
  });
});

describe("a unit's constrained-random generator and coverage", () => {
  it('fifo: the default stimulus fills and drains it, and the coverage counters say so', () => {
    const unit = findUnit('fifo');
    const { design, config } = unit.parse('width=8,depth=4');
    const made = unitStimulus(unit, config, design, 1, 300);
    expect(made.generator).toBe("fifo's constrained-random generator");
    const ours = runOurSimulator(design, toCosimStimulus(made.stimulus), createSimulator);
    const cov = Object.fromEntries(coverageCounts(unit.coverage!, made.stimulus, ours).map((c) => [c.name, c.count]));
    for (const k of ['pushes', 'pops', 'full-stalls', 'empty']) expect(cov[k]).toBeGreaterThan(10);
    // Every push is popped or still inside: the counters agree with the FIFO's own count.
    expect(cov['pushes']! - cov['pops']!).toBe(Number(ours[ours.length - 1]!['count']) + (ours[ours.length - 1]!['deq_valid'] === 1n && made.stimulus.cycles[299]!.get('deq_ready') === 1n ? -1 : 0) + (made.stimulus.cycles[299]!.get('enq_valid') === 1n && ours[ours.length - 1]!['enq_ready'] === 1n ? 1 : 0));
  });
});

describe('Slurm job arrays', () => {
  it('sweep takes its shard from SLURM_ARRAY_TASK_ID/COUNT; the merged shards equal one run byte for byte', async () => {
    const base = ['sweep', '--study', 'mac', '--param', 'cycles=100', '--only', 'intBits=4|8|12,fracBits=4', '--workers', '0', '-q'];
    const single = await runCli([...base, '--out', join(T, 'slurm-single')]);
    expect(single.code).toBe(0);
    const saved = { ...process.env };
    const dirs: string[] = [];
    try {
      for (const id of [3, 4, 5]) {
        Object.assign(process.env, { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MIN: '3' });
        const dir = join(T, `slurm-${id}`);
        dirs.push(dir);
        const r = await runCli([...base, '--out', dir]);
        expect(r.code).toBe(0);
        expect(r.stderr).toContain(`Slurm array task, shard ${id - 2}/3 (SLURM_ARRAY_TASK_ID=${id})`);
      }
    } finally {
      for (const k of ['SLURM_ARRAY_TASK_ID', 'SLURM_ARRAY_TASK_COUNT', 'SLURM_ARRAY_TASK_MIN']) if (saved[k] === undefined) delete process.env[k];
    }
    const merged = join(T, 'slurm-merged');
    expect((await runCli(['merge', ...dirs, '--out', merged])).code).toBe(0);
    for (const f of ['points.jsonl', 'points.csv']) expect(readFileSync(join(merged, f), 'utf8')).toBe(readFileSync(join(T, 'slurm-single', f), 'utf8'));
  }, 120_000);

  it('a task id outside the array is a one-line error', async () => {
    Object.assign(process.env, { SLURM_ARRAY_TASK_ID: '9', SLURM_ARRAY_TASK_COUNT: '3' });
    try {
      const r = await runCli(['sweep', '--study', 'mac', '--out', join(T, 'slurm-bad'), '-q']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^gfxrtl: sweep spec: SLURM_ARRAY_TASK_ID=9 is not within SLURM_ARRAY_TASK_MIN=0 \.\. 2/);
    } finally {
      delete process.env['SLURM_ARRAY_TASK_ID'];
      delete process.env['SLURM_ARRAY_TASK_COUNT'];
    }
  });
});

describe("the manual's plugin example (docs/extending.md)", () => {
  it('registers a unit outside units/ with one call; every command then knows it', async () => {
    const section = readFileSync(join(ROOT, 'docs', 'extending.md'), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
    expect(code.split('\n').length).toBeLessThanOrEqual(26);
    // The example lives one folder below the repository root (my-units/).
    const dir = join(ROOT, 'out', 'readme-plugin');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'max2.ts');
    writeFileSync(file, code.replaceAll("'../", "'../../"));
    process.env['GFXRTL_PLUGINS'] = file;
    try {
      const units = await runCli(['units']);
      expect(units.stdout).toMatch(/^max2 {2}larger of two unsigned operands/m);
      const sim = await runCli(['sim', 'max2', '--config', 'width=16', '--cycles', '4', '--seed', '2']);
      expect(lines(sim.stdout)).toHaveLength(4);
      const v = await runCli(['verilog', 'max2', '-o', join(T, 'out/max2')]);
      expect(v.stdout).toContain('(top module Max2)');
      if (hasTool('verilator')) {
        const c = await runCli(['cosim', 'max2', '--config', 'width=16', '--cycles', '50']);
        expect(c.stdout).toMatch(/50 cycles x 1 outputs identical/);
        expect(c.stdout).toMatch(/coverage b-larger +\d+ +cycles with b > a/);
      }
    } finally {
      delete process.env['GFXRTL_PLUGINS'];
    }
  }, 120_000);
});

describe('a study registered from outside', () => {
  it('register({ study, module }) makes sweep (in worker threads), report and study work for it', async () => {
    const dir = join(ROOT, 'out', 'readme-plugin');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'counter-study.ts');
    writeFileSync(file, "import { register } from '../../studies/registry.js';\nimport { study } from '../../studies/test-study.js';\nexport { study };\nregister({ study, module: import.meta.url });\n");
    process.env['GFXRTL_PLUGINS'] = file;
    try {
      expect((await runCli(['units'])).stdout).toMatch(/^ {2}counter-test +unit counter; counter widths/m);
      const r = await runCli(['study', 'counter-test', '--out', join(T, 'counter-study'), '--workers', '2', '--only', 'vt=high,vdd=0.99', '--no-yosys', '-q']);
      expect(r.code).toBe(0);
      const md = readFileSync(join(T, 'counter-study/index.md'), 'utf8');
      expect(md).toContain('## Experiment: wraps');
      expect(md).toContain('## Rows seen');
      expect(md).toMatch(/gfxrtl sweep --study counter-test --workload busy --seed 1 --only vt=high,vdd=0.99/);
    } finally {
      delete process.env['GFXRTL_PLUGINS'];
    }
  }, 120_000);
});

describe('bad input: one line naming what is valid', () => {
  const cases: [string[], RegExp][] = [
    [['sim', 'nope'], /^gfxrtl: unknown unit "nope"; units: counter, fifo, mac, noblur, cull, bbox/],
    [['study', 'nope'], /^gfxrtl: unknown study "nope"; studies: noblur, mac/],
    [['sweep', '--study', 'nope', '--out', '/nonexistent/x'], /^gfxrtl: unknown study "nope"; studies: noblur, mac/],
    [['sim', 'noblur', '--workload', 'nope'], /^gfxrtl: study noblur: unknown workload "nope"; workloads: default, plane, sphere, sine-grazing, bumpy-sphere/],
    [['sim', 'noblur', '--workload', 'default', '--param', 'size=3'], /^gfxrtl: study noblur, workload default: unknown parameter "size"; parameters: count, area/],
    [['sim', 'mac', '--wave', '/tmp/x.vcd', '--signals', 'Nope.*'], /^gfxrtl: --signals: signal pattern "Nope\.\*" matches no signal/],
    [['sim', 'fifo', '--workload', 'default'], /^gfxrtl: sim fifo: --workload needs a unit with a study; units with one: noblur, mac/],
    [['verilog', 'bbox', '--config', 'stp=3.8'], /^gfxrtl: bbox: stp=3\.8 is not valid; allowed: 4\.8 \| 6\.8/],
  ];
  for (const [args, re] of cases) {
    it(`gfxrtl ${args.join(' ')}`, async () => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });
  }
});
