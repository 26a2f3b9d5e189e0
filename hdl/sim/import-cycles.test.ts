// hdl/sim's files, in every sub-folder (passes/, codegen/, runtime/,
// testing/), import one another without a cycle (#25: the simulator reads
// as stages): a file's value imports (`import type` is erased and does not
// count) form a graph whose strongly connected components are single files.
// A cycle fails here, naming its files (paths relative to hdl/sim).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = dirname(fileURLToPath(import.meta.url));

/** Each source file's value imports of other hdl/sim files, as paths
 *  relative to hdl/sim (imports reaching outside it never come back). */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  const files = (readdirSync(DIR, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'));
  for (const f of files.filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const src = readFileSync(join(DIR, f), 'utf8');
    const deps = [...src.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[\w./-]+)\.js'/gm)]
      .filter((m) => m[1] === undefined)
      .map((m) => posix.normalize(posix.join(posix.dirname(f), `${m[2]}.ts`)));
    g.set(f, deps);
  }
  return g;
}

/** Tarjan's strongly connected components with more than one file. */
function cycles(g: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      scc.push(w);
      if (w === v) break;
    }
    if (scc.length > 1) out.push(scc.sort());
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('hdl/sim imports', () => {
  it('form no cycle', () => {
    const g = graph();
    expect(g.size).toBeGreaterThan(20);
    // Imports across sub-folders resolve to the files the graph holds.
    expect(g.get('compile.ts')).toContain('passes/schedule.ts');
    expect(g.get('codegen/node.ts')).toContain('passes/layout.ts');
    expect(cycles(g)).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const g = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
