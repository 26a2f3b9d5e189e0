// hdl/ is the bottom layer: its source imports nothing outside hdl/ (Node
// built-ins and npm packages aside), and flatten.ts, which every backend
// shares, does not reach into the simulator. Tests may use testbench helpers.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const HDL = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => resolve(dirname(file), m[1]!));
}

it('hdl/ source imports only hdl/', () => {
  const outside = sources(HDL).flatMap((f) => relativeImports(f).filter((t) => relative(HDL, t).startsWith('..')).map((t) => `${relative(HDL, f)} -> ${relative(HDL, t)}`));
  expect(outside).toEqual([]);
});

it('flatten and the IR check do not import the simulator', () => {
  for (const f of ['flatten.ts', 'check.ts', 'elaborate.ts', 'map-node.ts']) {
    const sim = relativeImports(join(HDL, f)).filter((t) => relative(HDL, t).startsWith('sim'));
    expect(sim, f).toEqual([]);
  }
});
