// Where a project's plugins are found: gfxrtl.config.* or package.json's
// "gfxrtl" field, from the working folder up to the project root; what a
// plugin module exports is registered; bad configs are one line naming the
// file (the installed package's run of them: pack/pack.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUnit } from '../studies/registry.js';
import { findProjectConfig, loadProjectPlugins } from './plugins.js';

const T = mkdtempSync(join(tmpdir(), 'gfxrtl-plugins-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(T, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

const HDL = new URL('../hdl/index.ts', import.meta.url).href;
const UNIT = `import { defineModule, elaborate, uint } from '${HDL}';
const Inv = defineModule('Inv', (m) => { const a = m.input('a', uint(4)); const y = m.output('y', uint(4)); y.drive(a.not()); return { a, y }; });
export const inv = { name: 'NAME', summary: 'inverter', schema: {}, elaborate: () => elaborate(Inv, {}) };
`;

describe('project plugins', () => {
  it('reads the "gfxrtl" field of package.json from a subfolder, and registers the exported unit', async () => {
    const dir = project('field', { 'package.json': JSON.stringify({ type: 'module', gfxrtl: { plugins: ['./units/inv.mjs'] } }), 'units/inv.mjs': UNIT.replace('NAME', 'inv-field'), 'sub/x.txt': '' });
    expect(await findProjectConfig(join(dir, 'sub'))).toEqual({ file: join(dir, 'package.json'), plugins: ['./units/inv.mjs'] });
    await loadProjectPlugins(join(dir, 'sub'), {});
    expect(findUnit('inv-field').summary).toBe('inverter');
  });

  it('a config file wins over package.json; none up to the project root is no config', async () => {
    const dir = project('file', { 'package.json': '{"type":"module"}', 'gfxrtl.config.mjs': "export default { plugins: ['./inv.mjs'] };\n", 'inv.mjs': UNIT.replace('NAME', 'inv-file') });
    expect(await findProjectConfig(dir)).toEqual({ file: join(dir, 'gfxrtl.config.mjs'), plugins: ['./inv.mjs'] });
    expect(await findProjectConfig(project('plain', { 'package.json': '{}' }))).toBeNull();
  });

  it('refuses bad configs in one line naming the file', async () => {
    const cases: [Record<string, string>, (dir: string) => string][] = [
      [{ 'package.json': '{"gfxrtl": {"plugin": []}}' }, (d) => `${join(d, 'package.json')}: the "gfxrtl" field has unknown key "plugin"; valid keys: plugins`],
      [{ 'package.json': '{"gfxrtl": {"plugins": "./a.mjs"}}' }, (d) => `${join(d, 'package.json')}: the "gfxrtl" field.plugins must be a list of module paths, e.g. ['./src/my-unit.ts']`],
      [{ 'package.json': '{"gfxrtl": ' }, (d) => `${join(d, 'package.json')}: not JSON (`],
      [{ 'package.json': '{}', 'gfxrtl.config.mjs': 'export const x = 1;\n' }, (d) => `${join(d, 'gfxrtl.config.mjs')}: no default export; write export default defineConfig({ plugins: [...] })`],
      [{ 'package.json': '{}', 'gfxrtl.config.mjs': "export default { plugins: ['./nope.mjs'] };\n" }, (d) => `${join(d, 'gfxrtl.config.mjs')}: plugin ./nope.mjs not found (${join(d, 'nope.mjs')})`],
    ];
    let i = 0;
    for (const [files, message] of cases) {
      const dir = project(`bad${i++}`, files);
      const e = await loadProjectPlugins(dir, {}).then(() => null, (x: unknown) => x as Error);
      expect(e?.name).toBe('ConfigError');
      expect(e?.message.startsWith(message(dir))).toBe(true);
      expect(e?.message).not.toContain('\n');
    }
  });
});
