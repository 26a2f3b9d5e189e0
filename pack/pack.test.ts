// The installable package, end to end as a user meets it: `npm pack`
// builds dist/ and the tarball; it installs into an empty folder with no
// tsx and no TypeScript sources; `gfxrtl init` makes a project whose unit,
// golden model and property test pass as generated (type check included,
// against the package's .d.ts); and sim, verilog, price and study run on
// the project's unit and study, found through its gfxrtl.config.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initProject, packAndInstall, type Installed } from './install.js';

const T = mkdtempSync(join(tmpdir(), 'gfxrtl-pack-'));
afterAll(() => rmSync(T, { recursive: true, force: true }), 60_000);

function gfxrtl(bin: string, args: readonly string[], cwd: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(bin, args, { cwd, encoding: 'utf8', env: { ...process.env, GFXRTL_PLUGINS: '' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('the npm package', () => {
  let installed: Installed;
  const demo = join(T, 'demo');

  it('packs and installs into an empty folder: compiled JavaScript and .d.ts, no sources, no tsx', () => {
    installed = packAndInstall(T);
    const pkg = join(installed.empty, 'node_modules', 'gfxrtl');
    for (const f of ['dist/api/index.js', 'dist/api/index.d.ts', 'dist/api/lib.d.ts', 'dist/api/testbench.d.ts', 'dist/api/cost.d.ts', 'dist/api/explore.d.ts', 'dist/cli/main.js']) expect(existsSync(join(pkg, f)), f).toBe(true);
    expect(existsSync(join(pkg, 'cli', 'main.ts'))).toBe(false);
    expect(existsSync(join(installed.empty, 'node_modules', 'tsx'))).toBe(false);
    const help = gfxrtl(installed.bin, ['--help'], installed.empty);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: gfxrtl/);
    expect(help.stdout).toMatch(/init \[options\] <dir> /);
  }, 240_000);

  it('init makes a project whose property test and type check pass as generated', () => {
    expect(initProject(installed, demo)).toMatch(/^init: .*demo: 11 files/);
    const test = spawnSync('npm', ['test'], { cwd: demo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toMatch(/Tests +1 passed/);
  }, 240_000);

  it("sim, verilog, price and study run on the project's unit and study", () => {
    const units = gfxrtl(installed.bin, ['units'], demo);
    expect(units.stdout).toMatch(/^peak {2}largest valid sample since clear/m);
    expect(units.stdout).toMatch(/^ {2}peak +unit peak; peak detector/m);
    const sim = gfxrtl(installed.bin, ['sim', 'peak', '--config', 'width=8', '--cycles', '6', '--seed', '3', '--wave', 'out/peak.svg'], demo);
    expect(sim.code, sim.stderr).toBe(0);
    expect(sim.stdout.trim().split('\n')).toHaveLength(6);
    expect(readFileSync(join(demo, 'out/peak.svg'), 'utf8')).toMatch(/^<svg/);
    const v = gfxrtl(installed.bin, ['verilog', 'peak', '--config', 'width=8,inputReg=on', '-o', 'out/rtl'], demo);
    expect(v.stdout).toContain('(top module Peak)');
    expect(readFileSync(join(demo, 'out/rtl/Peak.v'), 'utf8')).toMatch(/module Peak/);
    const price = gfxrtl(installed.bin, ['price', 'peak', '--config', 'width=8|16,inputReg=off|on', '--json'], demo);
    expect(price.code, price.stderr).toBe(0);
    const priced = JSON.parse(price.stdout) as { results: { areaMm2: number; configText: string }[] };
    expect(priced.results.map((r) => r.configText)).toEqual(['width=8,inputReg=off', 'width=8,inputReg=on', 'width=16,inputReg=off', 'width=16,inputReg=on']);
    expect(priced.results[2]!.areaMm2).toBeGreaterThan(priced.results[0]!.areaMm2);
    const study = gfxrtl(installed.bin, ['study', 'peak', '--out', 'report/peak', '--param', 'cycles=400', '--workers', '2', '--no-yosys', '-q'], demo);
    expect(study.code, study.stderr).toBe(0);
    expect(study.stderr).toMatch(/6 of 6 micro-architectures simulated/);
    expect(readFileSync(join(demo, 'report/peak/index.md'), 'utf8')).toContain('## Mode peak');
    // The project's TypeScript runs from bundles cached beside its node_modules; an edit is seen at the next start.
    expect(readdirSync(join(demo, 'node_modules', '.cache', 'gfxrtl')).filter((f) => f.endsWith('.mjs')).sort()).toEqual([expect.stringMatching(/^gfxrtl\.config-/), expect.stringMatching(/^study-/), expect.stringMatching(/^unit-/)]);
    const unitFile = join(demo, 'src/peak/unit.ts');
    writeFileSync(unitFile, readFileSync(unitFile, 'utf8').replace("summary: 'largest valid sample since clear'", "summary: 'the largest valid sample since the last clear'"));
    expect(gfxrtl(installed.bin, ['units'], demo).stdout).toMatch(/^peak {2}the largest valid sample since the last clear/m);
  }, 240_000);

  it('bad project input is one line naming the file or folder, exit 2', () => {
    const bad = join(T, 'bad');
    expect(gfxrtl(installed.bin, ['init', demo], installed.empty)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^gfxrtl: init: .*demo is not empty \(\d+ entries, e\.g\. .*\); give a new or empty folder\n$/) });
    execFileSync('mkdir', ['-p', bad]);
    writeFileSync(join(bad, 'package.json'), '{"type":"module"}');
    writeFileSync(join(bad, 'gfxrtl.config.ts'), "export default { plugins: ['./src/missing.ts'] };\n");
    expect(gfxrtl(installed.bin, ['units'], bad)).toMatchObject({ code: 2, stderr: `gfxrtl: ${join(bad, 'gfxrtl.config.ts')}: plugin ./src/missing.ts not found (${join(bad, 'src/missing.ts')})\n` });
    writeFileSync(join(bad, 'gfxrtl.config.ts'), 'export default { plugins: [ };\n');
    const broken = gfxrtl(installed.bin, ['--help'], bad);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`^gfxrtl: ${join(bad, 'gfxrtl.config.ts')}: does not load: .+\\n$`));
  }, 60_000);
});
