// The manual's library and CAM examples (docs/library.md, docs/hdl.md "The
// CAM"), read from the manual as written, elaborate and simulate, and the
// CAM behaves as the text says. The examples are pasted, unchanged, into a
// module body after a preamble that declares the inputs they read; a
// renamed variable or a wrong width in the manual fails here.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ModuleDef } from '../module.js';
import { elaborate } from '../elaborate.js';
import { createSimulator } from '../sim/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The ```ts blocks of a Markdown text (of one section when `section` is given). */
function tsBlocks(file: string, section?: string): string[] {
  let text = readFileSync(join(ROOT, file), 'utf8');
  if (section !== undefined) {
    const at = text.indexOf(`\n## ${section}\n`);
    if (at < 0) throw new Error(`${file} has no section "## ${section}"`);
    const end = text.indexOf('\n## ', at + 1);
    text = text.slice(at, end < 0 ? undefined : end);
  }
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Names a block declares with `const` (plain or destructured). */
function declared(block: string): Set<string> {
  const names = new Set<string>();
  for (const m of block.matchAll(/const\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  for (const m of block.matchAll(/const\s*\{([^}]*)\}/g)) for (const n of m[1]!.split(',')) names.add(n.split(':').pop()!.trim());
  return names;
}

/**
 * Writes a module whose body is `preamble`, then each block in its own
 * scope (the manual's examples are independent and may reuse a name), and
 * loads it. `results` maps an output port to an expression over the names
 * one block declares; it is captured inside that block.
 */
async function moduleFromDocs(name: string, preamble: string, blocks: readonly string[], results: Readonly<Record<string, string>>): Promise<ModuleDef<undefined, never>> {
  const dir = join(ROOT, 'out', 'docs-examples');
  mkdirSync(dir, { recursive: true });
  const hdl = pathToFileURL(join(ROOT, 'hdl', 'index.ts')).href;
  const placed = new Set<string>();
  const body = blocks.map((b) => {
    const names = declared(b);
    const captures = Object.entries(results)
      .filter(([k, expr]) => !placed.has(k) && names.has(/^[A-Za-z_$][\w$]*/.exec(expr)![0]))
      .map(([k, expr]) => (placed.add(k), `  results[${JSON.stringify(k)}] = ${expr};`));
    return `{\n${b}${captures.join('\n')}\n}`;
  });
  const missing = Object.keys(results).filter((k) => !placed.has(k));
  if (missing.length > 0) throw new Error(`no example declares what ${missing.join(', ')} read(s)`);
  const src = [
    `import * as H from '${hdl}';`,
    'const { argMax, argMin, bitLength, cat, defineModule, firstOne, fsm, indexToOneHot, leadingZeros, maxOf, minOf, mux, normalisedReciprocal, oneHotToIndex, pipe, popCount, priorityArbiter, priorityEncode, queue, regNext, roundRobinArbiter, shiftRegister, smearRight, switchOn, uint, Vec } = H;',
    `export const Docs = defineModule('${name}', (m) => {`,
    '  const results: Record<string, H.Signal> = {};',
    preamble,
    ...body,
    '  const ports: Record<string, unknown> = {};',
    '  for (const [k, v] of Object.entries(results)) { const o = m.output(k, uint(v.width)); o.drive(v); ports[k] = o; }',
    '  return ports as never;',
    '});',
  ].join('\n');
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, src);
  const mod = (await import(pathToFileURL(file).href)) as { Docs: ModuleDef<undefined, never> };
  return mod.Docs;
}

describe('the manual examples', () => {
  it('of the standard library (docs/library.md) elaborate and simulate as written', async () => {
    const blocks = tsBlocks('docs/library.md');
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    const preamble = `
  const alloc = m.input('alloc', uint(1)); const slot = m.input('slot', uint(3)); const key = m.input('key', uint(12));
  const victim = m.input('victim', uint(3)); const valid = m.input('valid', uint(8)); const hits = m.input('hits', uint(8));
  const req = m.input('req', uint(8)); const grant = m.input('grant', uint(8)); const requests = m.input('requests', uint(4));
  const sampleMask = m.input('sampleMask', uint(16)); const mantissa = m.input('mantissa', uint(24)); const op = m.input('op', uint(2));
  const x = m.input('x', uint(8)); const start = m.input('start', uint(1)); const full = m.input('full', uint(1)); const empty = m.input('empty', uint(1));
  const inValid = m.input('inValid', uint(1)); const inData = m.input('inData', uint(32)); const outReady = m.input('outReady', uint(1));
  const data = m.input('data', uint(8)); const take = m.input('take', uint(1)); const sample = m.input('sample', uint(8));
  const out = { ready: m.input('out_ready', uint(1)) };
  const hiKey = m.input('hiKey', uint(20)); const loKey = m.input('loKey', uint(20)); const dn = m.input('dn', uint(36));
  const acc = m.reg('acc', uint(8), { init: 0 });
  const busy = m.output('busy', uint(1));`;
    const Lib = await moduleFromDocs('DocsLibrary', preamble, blocks, {
      t: 't', free_index: 'free.index', newest_index: 'newest.index', oh: 'oh', g: 'g', rr_index: 'index', first_grant: 'first.grant', coverage: 'coverage', shift: 'shift', digits: 'digits',
      lru_found: 'lru.found', lru_index: 'lru.index', last_hit: 'lastHit.index', q_ready: 'q.enq.ready', q_valid: 'q.deq.valid', q_payload: 'q.deq.payload', q_count: 'q.count', validLate: 'validLate', last: 'last', win3: 'window.at(3)', recip: 'n',
    });
    const sim = createSimulator(elaborate(Lib, undefined));
    sim.reset();
    // popCount of 16 sample bits, as the text says (5 bits out).
    sim.poke('sampleMask', 0b1011_0000_0000_0111);
    expect(sim.peek('coverage')).toBe(6n);
    sim.poke('hiKey', 0x3ff);
    expect(sim.peek('digits')).toBe(10n);
    // The oldest valid stamp, and the last of the hits' equal newest ones.
    [50, 7, 3, 90, 90, 12, 90, 1].forEach((v, i) => sim.poke(`stamp${i}`, v));
    sim.poke('valid', 0b0111_1110);
    sim.poke('hits', 0b0011_1001);
    expect([sim.peek('lru_found'), sim.peek('lru_index'), sim.peek('last_hit')]).toEqual([1n, 2n, 4n]);
    // The reciprocal of a normalised 36-bit divisor: ceil(2^60 / dn).
    const dn = (1n << 35n) + 0x123456789n;
    sim.poke('dn', dn);
    expect(sim.peek('recip')).toBe(((1n << 60n) + dn - 1n) / dn);
    // The FSM resets to its first state, and leaves it on start.
    expect(sim.peek('busy')).toBe(0n);
    sim.poke('start', 1);
    sim.step();
    expect(sim.peek('busy')).toBe(1n);
  });

  it('of the CAM (docs/hdl.md) elaborate, and a key written is found, read back, then invalidated', async () => {
    const blocks = tsBlocks('docs/hdl.md', 'The CAM');
    expect(blocks).toHaveLength(1);
    const preamble = `
  const alloc = m.input('alloc', uint(1)); const slot = m.input('slot', uint(3)); const victim = m.input('victim', uint(3));
  const evict = m.input('evict', uint(1)); const quadAddr = m.input('quadAddr', uint(20)); const tileKey = m.input('tileKey', uint(20));
  const ruleSlot = m.input('ruleSlot', uint(4)); const pattern = m.input('pattern', uint(12)); const care = m.input('care', uint(12));
  const probe = m.input('probe', uint(12));`;
    const Cam = await moduleFromDocs('DocsCam', preamble, blocks, { hit: 's.hit', hit_index: 's.index', newest_hit: 'newest.index', inTile: 'inTile', evictedKey: 'evictedKey', cam_free: 'free.index', ruleHit: 'rules.search(probe).hit' });
    const sim = createSimulator(elaborate(Cam, undefined));
    sim.reset();
    sim.poke('alloc', 1);
    sim.poke('slot', 5);
    sim.poke('quadAddr', 0x12345);
    sim.step();
    sim.poke('alloc', 0);
    sim.poke('victim', 5);
    expect(sim.peek('hit')).toBe(1n);
    expect(sim.peek('hit_index')).toBe(5n);
    expect(sim.peek('evictedKey')).toBe(0x12345n);
    expect(sim.peek('cam_free')).toBe(0n);
    sim.poke('evict', 1);
    sim.step();
    sim.poke('evict', 0);
    expect(sim.peek('hit')).toBe(0n);
    expect(sim.peek('evictedKey')).toBe(0x12345n);
    // A rule that ignores its low nibble matches any probe with the same top
    // bits (the example writes a rule every cycle, all into slot 0 here).
    sim.poke('pattern', 0xab0);
    sim.poke('care', 0xff0);
    sim.poke('probe', 0xab7);
    sim.step();
    expect(sim.peek('ruleHit')).toBe(1n);
    sim.poke('probe', 0xac7);
    expect(sim.peek('ruleHit')).toBe(0n);
  });
});

describe("the README's unit example", () => {
  it('elaborates and accumulates as the Mac golden model says, in each rounding mode', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## A unit in'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
    expect(code.split('\n').length).toBeLessThanOrEqual(30);
    const dir = join(ROOT, 'out', 'docs-examples');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'readme-mac.ts');
    // The README imports from the repository root ('./hdl/index.js').
    writeFileSync(file, code.replaceAll("'./hdl/", "'../../hdl/"));
    const { Mac } = (await import(pathToFileURL(file).href)) as { Mac: ModuleDef<{ round: 'truncate' | 'halfUp' | 'halfEven' }, never> };
    const { MacModel } = await import('../../units/mac/golden.js');
    for (const round of ['truncate', 'halfUp', 'halfEven'] as const) {
      const sim = createSimulator(elaborate(Mac, { round }));
      const model = new MacModel({ intBits: 4, fracBits: 8, accIntBits: 12, round, overflow: 'wrap' });
      sim.reset();
      let s = 12345;
      for (let c = 0; c < 200; c++) {
        s = (s * 1103515245 + 12345) >>> 0;
        const a = BigInt((s >>> 4) & 0xfff) - 2048n;
        const b = BigInt((s >>> 16) & 0xfff) - 2048n;
        const en = (s & 3) !== 0;
        sim.poke('a', BigInt.asUintN(12, a));
        sim.poke('b', BigInt.asUintN(12, b));
        sim.poke('en', en ? 1 : 0);
        const want = model.cycle(a, b, en, false);
        expect(BigInt.asIntN(20, sim.peek('acc')), `${round} cycle ${c} (seed 12345)`).toBe(want);
        sim.step();
      }
    }
  });
});
