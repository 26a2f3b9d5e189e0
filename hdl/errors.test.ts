// Every check of a value throws a typed error: ParamError (the parameter,
// the value, what would be valid) or another UserError for a mistake in
// input, InternalError for a broken invariant. A bare `throw new Error` says
// neither whose mistake it was nor what would be valid, and the CLI would
// call it a bug in gfxrtl (exit 70) even when the value came from the user
// or a plugin's author. This test fails on any, naming the file and line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InternalError, ParamError, UserError } from './errors.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', '.git', 'out', 'report', 'dist']);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.[mc]?[jt]s$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

describe('typed errors', () => {
  it('no source file throws a bare Error', () => {
    const found: string[] = [];
    for (const file of sources(ROOT)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bthrow\s+(new\s+)?(Range|Type|Syntax)?Error\s*\(/.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(
      found,
      'a bare `throw new Error` was found. Use ParamError (hdl/errors.ts: the parameter, its value and what would be valid) for any check of a value a caller, the user or a unit/study author passed in; another UserError subclass for a mistake in an input file or the environment; InternalError for an invariant of gfxrtl itself (a bug when it fires). Tests may throw Error.',
    ).toEqual([]);
  });

  it('ParamError carries the parameter, the value and the valid range, and is the user\'s kind of mistake', () => {
    const e = new ParamError('count', 3e9, 'an integer 1..2097152', 'workload raster');
    expect(e).toBeInstanceOf(UserError);
    expect([e.parameter, e.value, e.valid]).toEqual(['count', 3e9, 'an integer 1..2097152']);
    expect(e.message).toBe('workload raster: count = 3000000000 is not valid; valid: an integer 1..2097152');
    expect(new InternalError('x')).not.toBeInstanceOf(UserError);
  });
});
