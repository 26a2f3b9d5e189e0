// The public surface is documented: every name the package's entry points
// export has a doc comment (TypeDoc builds the API reference from them,
// `npm run api`), the entry points are the package.json "exports", and the
// study contract's worked example in docs/study-contract.md is the study
// `gfxrtl init` writes, which pack/pack.test.ts compiles and runs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS, publicExports } from './doc-comments.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('the public API', () => {
  it('every export of every entry point has a doc comment', () => {
    const all = publicExports();
    expect(all.length).toBeGreaterThan(150);
    expect(all.filter((x) => !x.documented).map((x) => `${x.entry}: ${x.name} (${x.file})`)).toEqual([]);
  }, 60_000);

  it('the check sees a missing comment, through a re-export too', () => {
    const dir = join(ROOT, 'out', 'doc-check');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'decl.ts'), '/** Documented. */\nexport const a = 1;\nexport const b = 2;\n/** A function. */\nexport function f(): number {\n  return 3;\n}\nexport interface I {\n  x: number;\n}\n');
    writeFileSync(join(dir, 'entry.ts'), "export * from './decl.js';\n");
    const found = publicExports({ check: 'out/doc-check/entry.ts' });
    expect(Object.fromEntries(found.map((x) => [x.name, x.documented]))).toEqual({ a: true, b: false, f: true, I: false });
  }, 60_000);

  it('the entry points are the package exports', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { default: string } | string> };
    const exported = Object.entries(pkg.exports).flatMap(([k, v]) => (typeof v === 'string' ? [] : [[k === '.' ? 'gfxrtl' : `gfxrtl/${k.slice(2)}`, v.default]]));
    expect(Object.fromEntries(exported)).toEqual(Object.fromEntries(Object.entries(ENTRY_POINTS).map(([k, f]) => [k, `./dist/${f.replace(/\.ts$/, '.js')}`])));
  });

  it("the study contract's example is the study gfxrtl init writes", () => {
    const doc = readFileSync(join(ROOT, 'docs', 'study-contract.md'), 'utf8');
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    for (const t of ['unit.ts.txt', 'study.ts.txt']) expect(blocks).toContain(readFileSync(join(ROOT, 'cli', 'init', t), 'utf8'));
  });
});
