// The layering rules, read off the import lines of every source file (tests
// excepted: a test may reach across layers to set up what it checks).
//  - hdl/ imports nothing outside hdl/;
//  - the cost model (synth-models/) imports only hdl/ and itself, never the
//    exploration engine;
//  - the exploration engine (explore/: sweep, Pareto, report, the study
//    contract) imports only hdl/, synth-models/, itself and the unit record
//    types (units/unit.ts, units/config.ts), never a study, a unit's
//    hardware or the CLI; one leaf is shared with the waveform writers:
//    waveforms/png.ts (SVG to PNG with a known font), which itself imports
//    nothing of the project;
//  - studies/ reach the engine only through its public face
//    (explore/index.ts) and never import cli/;
//  - units/ never import testbenches/, studies/ or explore/;
//  - bench/ never imports cli/;
//  - the CLI parses options and calls the library: no command file calls
//    another command's action (a *Command function); the study pipeline
//    is explore/pipeline.ts, not a chain of commands;
//  - the merge units' golden models (QFM, PMU) and their DSL modules reach
//    none of each other's files, directly or through another file: a golden
//    model shares no code with the hardware it checks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/\.d\.ts$/.test(name)) out.push(rel);
  }
  return out;
}

/** Repository-relative targets of a file's relative imports (static, type-only and re-exports). */
export function importsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    out.push(relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.js$/, '.ts'));
  }
  return out;
}

function violations(files: readonly string[], allowed: (target: string) => boolean): string[] {
  return files.flatMap((f) => importsOf(f).filter((t) => !allowed(t)).map((t) => `${f} imports ${t}`));
}

const under = (...dirs: string[]) => (t: string): boolean => dirs.some((d) => t === d || t.startsWith(`${d}/`));

describe('layering (import lines)', () => {
  it('reads import lines, type-only ones and re-exports included', () => {
    const text = "import { a } from '../hdl/x.js';\nimport type { B } from './y.js';\nexport { c } from '../../units/z.js';\nconst m = await import('../studies/w.js');\n";
    expect(importsOf('explore/sweep/f.ts', text)).toEqual(['explore/hdl/x.ts', 'explore/sweep/y.ts', 'units/z.ts', 'explore/studies/w.ts']);
  });

  it('hdl/ imports nothing outside hdl/', () => {
    expect(violations(sources('hdl'), under('hdl'))).toEqual([]);
  });

  it('the cost model imports only hdl/ and itself, never the engine', () => {
    const costModel = sources('synth-models');
    expect(costModel.length).toBeGreaterThan(5);
    expect(violations(costModel, under('hdl', 'synth-models'))).toEqual([]);
  });

  it('the engine imports only hdl/, synth-models/, itself and the unit record types', () => {
    const engine = sources('explore');
    expect(engine.length).toBeGreaterThan(20);
    const unitTypes = (t: string): boolean => t === 'units/unit.ts' || t === 'units/config.ts';
    expect(violations(engine, (t) => under('hdl', 'synth-models', 'explore')(t) || unitTypes(t) || t === 'waveforms/png.ts')).toEqual([]);
    expect(importsOf('waveforms/png.ts')).toEqual([]);
  });

  it('studies reach the engine only through explore/index.ts, and never the CLI', () => {
    const studies = sources('studies');
    expect(violations(studies, (t) => !under('cli')(t) && (!under('explore')(t) || t === 'explore/index.ts'))).toEqual([]);
  });

  it('units/ never import testbenches/, studies/ or explore/', () => {
    expect(violations(sources('units'), (t) => !under('testbenches', 'studies', 'explore')(t))).toEqual([]);
  });

  it('no CLI command calls another command', () => {
    const files = sources('cli');
    const calls = files.flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return [...text.matchAll(/^\s*import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm)].flatMap((m) =>
        m[1]!.split(',').map((n) => n.trim()).filter((n) => /Command$/.test(n) && !n.startsWith('type ')).map((n) => `${f} imports ${n} from ${m[2]}`),
      );
    });
    // cli/program.ts is where commands are wired to their actions; it calls none.
    expect(calls.filter((c) => !c.startsWith('cli/program.ts '))).toEqual([]);
  });

  it('bench/ never imports cli/', () => {
    expect(violations(sources('bench'), (t) => !under('cli')(t))).toEqual([]);
  });

  it("the merge units' golden models and DSL modules share no file, even through another", () => {
    const reach = (from: string): Set<string> => {
      const seen = new Set<string>([from]);
      const todo = [from];
      for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
        for (const t of importsOf(f)) if (t.startsWith('units/') && !seen.has(t)) (seen.add(t), todo.push(t));
      }
      return seen;
    };
    const golden = ['units/qfm/golden.ts', 'units/pmu/golden.ts'].map(reach);
    const dsl = ['units/qfm/module.ts', 'units/pmu/module.ts'].map(reach);
    // Types, configuration and sample positions are definitions both sides read, not arithmetic.
    const shared = new Set(['units/merge-common/samples.ts', 'units/raster-common/samples.ts', 'units/raster-common/samples-8x.ts', 'units/raster-common/formats.ts']);
    expect(golden[0]!.has('units/merge-common/golden-buffer.ts') && dsl[0]!.has('units/qfm/datapath.ts')).toBe(true);
    const both = golden.flatMap((g) => dsl.flatMap((d) => [...g].filter((f) => d.has(f) && !shared.has(f))));
    expect([...new Set(both)]).toEqual([]);
  });
});
