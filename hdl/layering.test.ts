// The backends share flatten, the IR check and elaborate(); none of them may
// reach into the simulator (studies/layering.test.ts checks the wider rule
// that hdl/ imports nothing outside hdl/).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const HDL = dirname(fileURLToPath(import.meta.url));

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => resolve(dirname(file), m[1]!));
}

it('flatten, the IR check, the netlist passes and elaborate do not import the simulator', () => {
  for (const f of ['flatten.ts', 'check.ts', 'elaborate.ts', 'map-node.ts', 'opt/optimise.ts', 'opt/simplify.ts']) {
    const sim = relativeImports(join(HDL, f)).filter((t) => relative(HDL, t).startsWith('sim'));
    expect(sim, f).toEqual([]);
  }
});
