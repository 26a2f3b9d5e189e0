// Elaboration once: a design read back from the cache is the netlist that
// was elaborated (every node, instance, memory and CAM; the same inventory;
// the same simulation), a second sweep reading every design from the cache
// writes byte-identical points, and a damaged entry is logged and rebuilt.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isGfxrtlSource } from '../../hdl/source-version.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canonicalText } from '../../hdl/canonical-text.js';
import { designFromJson, designToJson } from '../../hdl/design-json.js';
import { inventory } from '../../hdl/inventory/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { allStudies, findStudy } from '../../studies/registry.js';
import { cachedElaboration, lastElaboration, resetDesignCache } from './design-cache.js';
import { designFingerprint } from './fingerprint.js';
import { enumerateMicroArchs, resolveSpec, runSweep, studyDomain } from './index.js';
import { POINTS_JSONL } from './store.js';

const saved = process.env['GFXRTL_CACHE_DIR'];
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gfxrtl-design-cache-'));
  process.env['GFXRTL_CACHE_DIR'] = join(root, 'cache');
  resetDesignCache();
});
afterAll(() => {
  if (saved === undefined) delete process.env['GFXRTL_CACHE_DIR'];
  else process.env['GFXRTL_CACHE_DIR'] = saved;
  resetDesignCache();
  rmSync(root, { recursive: true, force: true });
});

describe('the elaboration cache', () => {
  it.each(allStudies().map((e) => [e.study.name, e] as const))('reads a %s design back as the netlist elaborated: same text, inventory and simulation', (_name, { study }) => {
    const domain = studyDomain(study, study.mainJob?.params !== undefined ? { params: study.mainJob.params } : {});
    const entries = enumerateMicroArchs(domain, resolveSpec(domain.axes, study.mainJob?.only !== undefined ? { only: study.mainJob.only } : {}));
    const design = study.unit.elaborate(domain.microArch(entries[entries.length - 1]!.params));
    const back = designFromJson(JSON.parse(JSON.stringify(designToJson(design))));
    expect(canonicalText(back)).toBe(canonicalText(design));
    expect(designFingerprint(inventory(back))).toBe(designFingerprint(inventory(design)));
    const [a, b] = [createSimulator(design), createSimulator(back)];
    for (const s of [a, b]) s.reset();
    const ins = Object.fromEntries(design.top.ports.filter((p) => p.dir === 'in').map((p, i) => [p.name, Uint32Array.from({ length: 32 * Math.ceil(p.width / 32) }, (_, k) => (k * 2654435761 + i) >>> 0)]));
    expect(b.runBatch(ins, 32)).toEqual(a.runBatch(ins, 32));
  }, 60_000);

  it('elaborates once and reads the design back after that; a damaged entry is logged and elaborated again', () => {
    let elaborations = 0;
    const { study } = findStudy('noblur');
    const config = studyDomain(study).microArch({});
    const elaborate = () => {
      elaborations++;
      return study.unit.elaborate(config);
    };
    const first = cachedElaboration('noblur', config, elaborate);
    expect([elaborations, lastElaboration.reused]).toEqual([1, false]);
    resetDesignCache();
    const again = cachedElaboration('noblur', config, elaborate);
    expect([elaborations, lastElaboration.reused]).toEqual([1, true]);
    expect(canonicalText(again)).toBe(canonicalText(first));
    // Another config is another entry.
    const other = { ...config, msaa: String(config['msaa']) === '4' ? '16' : '4' } as unknown as typeof config;
    cachedElaboration('noblur', other, () => study.unit.elaborate(other));
    expect(lastElaboration.reused).toBe(false);
    const files = readdirSync(join(root, 'cache'), { recursive: true }).map(String).filter((f) => f.endsWith('.json'));
    for (const f of files) writeFileSync(join(root, 'cache', f), readFileSync(join(root, 'cache', f), 'utf8').slice(0, 100));
    const logged: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
      logged.push(String(s));
      return true;
    });
    resetDesignCache();
    const rebuilt = cachedElaboration('noblur', config, elaborate);
    vi.restoreAllMocks();
    expect([elaborations, lastElaboration.reused]).toEqual([2, false]);
    expect(canonicalText(rebuilt)).toBe(canonicalText(first));
    expect(logged.some((l) => /is not a gfxrtl-elaboration\/2 entry for this key .* rebuilding it/.test(l))).toBe(true);
  }, 60_000);

  it("keeps gfxrtl's own studies' designs only: a plugin's unit may change without gfxrtl's version changing", () => {
    const { study, module } = findStudy('pmu');
    const config = studyDomain(study).microArch({});
    const elaborateWith = (m: string | undefined) => {
      const d = studyDomain(study, m === undefined ? {} : { module: m });
      d.evaluator.elaborate(config);
      const first = lastElaboration.reused;
      d.evaluator.elaborate(config);
      return [first, lastElaboration.reused];
    };
    expect(isGfxrtlSource(module)).toBe(true);
    expect(elaborateWith(module)).toEqual([false, true]);
    const plugin = pathToFileURL(join(root, 'my-study.ts')).href;
    expect(isGfxrtlSource(plugin)).toBe(false);
    expect(elaborateWith(plugin)).toEqual([false, false]);
    expect(elaborateWith(undefined)).toEqual([false, false]);
  }, 60_000);

  it('gives a second sweep, every design read from the cache, byte-identical points', async () => {
    const study = { module: findStudy('mac').module, name: 'mac', params: { cycles: 300 } };
    const run = (out: string) => runSweep({ study, out: join(root, out), spec: { only: 'intBits=4|8,fracBits=4' }, workers: 0 });
    await run('first');
    await run('second');
    expect(readFileSync(join(root, 'second', POINTS_JSONL), 'utf8')).toBe(readFileSync(join(root, 'first', POINTS_JSONL), 'utf8'));
  }, 120_000);
});
