// The sweep directory the pricing benches read: a given one (--dir), or the
// narrowed Hybrid sweep the speed notes use (docs/speed.md), which
// simulates for about a minute, run into a temporary directory with its
// inventories kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSweep, silentProgress } from '../explore/sweep/index.js';
import { findStudy } from '../studies/registry.js';

const HYBRID_ONLY = 'stp=4.8,sts=1x1|2x2,jitter=tuple,edge=incremental,recip=unrolled|radix4';

/** `given`, or a fresh Hybrid sweep's directory; `done()` removes the latter. */
export async function pricingSweepDir(bench: string, given: string | undefined): Promise<{ dir: string; done(): void }> {
  if (given !== undefined) return { dir: given, done: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-pricing-'));
  const e = findStudy('hybrid');
  console.error(`${bench}: sweeping hybrid --only ${HYBRID_ONLY} --param count=512 into ${dir}`);
  await runSweep({ study: { module: e.module, name: 'hybrid', params: { count: 512 } }, out: dir, workers: 'auto', spec: { only: HYBRID_ONLY }, progress: silentProgress, keepInventories: true });
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}
