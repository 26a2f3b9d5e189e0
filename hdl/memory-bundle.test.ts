// Memories of bundles and vecs: each entry one packed word, written and read
// as the tree the type describes (hdl/lib/test-designs.ts, BundleMemory),
// against a plain TypeScript memory of records; and the shape and width
// checks at elaboration.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from './elaborate.js';
import { BundleMemory } from './lib/test-designs.js';
import { defineModule } from './module.js';
import { createSimulator } from './sim/index.js';
import { bundle, stream, uint } from './types.js';

interface Entry {
  x: number;
  y: number;
  w: number;
  v0: number;
  v1: number;
}
const FIELDS = { x: 5, y: 7, w: 5, v0: 3, v1: 3 } as const;
const arbEntry = fc.record({ x: fc.nat(31), y: fc.nat(127), w: fc.nat(31), v0: fc.nat(7), v1: fc.nat(7) });
const arbCycle = fc.record({ we: fc.boolean(), wa: fc.nat(5), wd: arbEntry, ra: fc.nat(5) });

describe('a memory of a bundle with a vec field', () => {
  it('reads back every field as written: synchronous (read-first) and asynchronous', () => {
    // Memories are not reset (as in hardware): a fresh simulator per run starts them at 0.
    const design = elaborate(BundleMemory, undefined);
    const port = (p: string, f: keyof Entry): string => `${p}_${f === 'v0' ? 'v0' : f === 'v1' ? 'v1' : f}`;
    fc.assert(
      fc.property(fc.array(arbCycle, { minLength: 1, maxLength: 60 }), (cycles) => {
        const sim = createSimulator(design);
        sim.reset();
        const mem: Entry[] = Array.from({ length: 6 }, () => ({ x: 0, y: 0, w: 0, v0: 0, v1: 0 }));
        let syncWant: Entry = { x: 0, y: 0, w: 0, v0: 0, v1: 0 };
        for (const [c, cy] of cycles.entries()) {
          sim.poke('we', cy.we ? 1 : 0);
          sim.poke('wa', cy.wa);
          sim.poke('ra', cy.ra);
          for (const f of Object.keys(FIELDS) as (keyof Entry)[]) sim.poke(port('wd', f), cy.wd[f]);
          for (const f of Object.keys(FIELDS) as (keyof Entry)[]) {
            expect(Number(sim.peek(port('async', f))), `cycle ${c} async ${f}`).toBe(mem[cy.ra]![f]);
            expect(Number(sim.peek(port('sync', f))), `cycle ${c} sync ${f}`).toBe(syncWant[f]);
          }
          syncWant = { ...mem[cy.ra]! };
          if (cy.we) mem[cy.wa] = { ...cy.wd };
          sim.step();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('stores one word per entry, as wide as the bundle', () => {
    const d = elaborate(BundleMemory, undefined);
    expect(d.top.memories.map((m) => [m.name, m.width, m.depth])).toEqual([['entries', 5 + 7 + 5 + 3 + 3, 6]]);
  });

  it('refuses data of another shape or width, and a stream type, naming the memory', () => {
    const T = bundle({ a: uint(3), b: uint(4) });
    const missing = defineModule('MemMissing', (m) => {
      const a = m.input('a', uint(3));
      const mem = m.memory('store', T, 4);
      mem.write(m.input('addr', uint(2)), { a } as never);
      return { a };
    });
    expect(() => elaborate(missing, undefined)).toThrow(/MemMissing.*store\.write data_b: missing/);
    const wide = defineModule('MemWide', (m) => {
      const a = m.input('a', uint(3));
      const b = m.input('b', uint(5));
      m.memory('store', T, 4).write(m.input('addr', uint(2)), { a, b });
      return { a, b };
    });
    expect(() => elaborate(wide, undefined)).toThrow(/MemWide.*store\.write data_b is 5 bits, the memory's data_b is uint\(4\)/);
    const streamed = defineModule('MemStream', (m) => {
      m.memory('store', stream(uint(4)), 4);
      return {};
    });
    expect(() => elaborate(streamed, undefined)).toThrow(/MemStream.*store.*not a stream/);
  });
});
