// The on-disk cache under concurrent writers: two processes writing the same
// entries over and over while a third reads them never leave a file a reader
// takes for damaged (each write is a whole file renamed into place), and
// every read gives either nothing yet or the whole value. Another version's
// folder is removed by the first write of a new version; an entry whose
// digest does not match its value is refused, said once, and rewritten.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskCache } from './disk-cache.js';

const root = mkdtempSync(join(tmpdir(), 'gfxrtl-disk-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A value large enough that a torn write would be seen (about 400 kB). */
const bigValue = (n: number): string[] => Array.from({ length: n }, (_, i) => `line ${i} `.repeat(40));

const WRITER = `
import { DiskCache } from ${JSON.stringify(fileURLToPath(new URL('./disk-cache.ts', import.meta.url)))};
const [base, rounds] = process.argv.slice(-2);
const value = Array.from({ length: 1000 }, (_, i) => \`line \${i} \`.repeat(40));
const c = new DiskCache(base, 'test-format/1', 'v1', (l) => { console.error(l); process.exitCode = 3; });
for (let r = 0; r < Number(rounds); r++) for (const k of ['a', 'b', 'c']) c.write(k, 'entry', value);
`;

function writer(base: string, rounds: number): Promise<{ code: number | null; err: string }> {
  const script = join(root, 'writer.mts');
  writeFileSync(script, WRITER);
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', script, base, String(rounds)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => resolve({ code, err }));
  });
}

describe('the disk cache', () => {
  it('writes an entry as JSON.stringify writes it (the value serialised once)', async () => {
    const { createHash } = await import('node:crypto');
    const base = join(root, 'format');
    const c = new DiskCache(base, 'test-format/1', 'v1', () => {});
    const value = { nodes: [{ id: 1, op: 'add', name: 'a"b\\c' }], n: 3.5, ok: true, none: null };
    c.write('k1', 'entry', value);
    const dir = join(base, 'v1', 'k1');
    const text = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    const sha = createHash('sha256').update(JSON.stringify(value)).digest('hex');
    expect(text).toBe(JSON.stringify({ format: 'test-format/1', key: 'k1', name: 'entry', sha, value }));
    expect(c.read('k1', 'entry')).toEqual(value);
  });

  it('is never read torn while two processes write the same entries', async () => {
    const base = join(root, 'shared');
    const logged: string[] = [];
    const reader = new DiskCache(base, 'test-format/1', 'v1', (l) => logged.push(l));
    const want = JSON.stringify(bigValue(1000));
    const writers = Promise.all([writer(base, 40), writer(base, 40)]);
    let done = false;
    void writers.then(() => (done = true));
    let found = 0;
    while (!done) {
      for (const k of ['a', 'b', 'c']) {
        const v = reader.read(k, 'entry');
        if (v !== undefined) {
          found++;
          expect(JSON.stringify(v)).toBe(want);
        }
      }
      await new Promise((r) => setTimeout(r, 1));
    }
    for (const w of await writers) expect(w).toEqual({ code: 0, err: '' });
    expect(logged).toEqual([]);
    expect(found).toBeGreaterThan(0);
    // No temporary file left behind.
    expect(readdirSync(base, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('refuses an entry whose value does not match its digest, says so once, and rewrites it', () => {
    const base = join(root, 'digest');
    const logged: string[] = [];
    const c = new DiskCache(base, 'test-format/1', 'v1', (l) => logged.push(l));
    c.write('k', 'entry', { n: 1 });
    const file = readdirSync(base, { recursive: true }).map(String).find((f) => f.endsWith('.json'))!;
    const e = JSON.parse(readFileSync(join(base, file), 'utf8')) as { value: unknown };
    writeFileSync(join(base, file), JSON.stringify({ ...e, value: { n: 2 } }));
    expect(c.read('k', 'entry')).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/is not a test-format\/1 entry for this key .* rebuilding it/);
    c.write('k', 'entry', { n: 1 });
    expect(c.read('k', 'entry')).toEqual({ n: 1 });
    // The same file read as another format's entry is refused too, and said.
    expect(new DiskCache(base, 'test-format/2', 'v1', (l) => logged.push(l)).read('k', 'entry')).toBeUndefined();
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatch(/is not a test-format\/2 entry for this key/);
  });

  it("removes another version's folder at its first write, and reads nothing of it", () => {
    const base = join(root, 'versions');
    const logged: string[] = [];
    const old = new DiskCache(base, 'test-format/1', 'v1', (l) => logged.push(l));
    old.write('k', 'entry', 'old');
    expect(existsSync(old.dir)).toBe(true);
    const now = new DiskCache(base, 'test-format/1', 'v2', (l) => logged.push(l));
    expect(now.read('k', 'entry')).toBeUndefined();
    now.write('k', 'other', 'new');
    expect(existsSync(old.dir)).toBe(false);
    expect(now.read('k', 'other')).toBe('new');
    expect(logged).toEqual([]);
  });

  it('carries on without the cache, said once, when its folder cannot be made', () => {
    const blocker = join(root, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const logged: string[] = [];
    const c = new DiskCache(join(blocker, 'cache'), 'test-format/1', 'v1', (l) => logged.push(l));
    c.write('k', 'a', 1);
    c.write('k', 'b', 2);
    expect(c.read('k', 'a')).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^cache: cannot write .*carrying on without the cache/);
  });
});
