// The batch loop split on the reset line: when it splits, and that both
// copies compute what the unsplit loop does (reset low through runBatch,
// reset held high by setting the reset line under it, as reset() does).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitOnReset } from './unroll.js';
import { designOf } from '../testing/ir.js';
import { randomModule, rng } from '../testing/random.js';
import { createSimulator } from '../index.js';

describe('splitOnReset', () => {
  it('splits a loop that reads the reset line, when both copies fit', () => {
    const loop = 'for (let c = 0; c < n; c++) { v1 = x1 & nrst; }';
    expect(splitOnReset(loop, 1000)).toBe(`if (rst === 0) {\nconst rst = 0, nrst = -1;\n${loop}\n} else {\n${loop}\n}`);
    expect(splitOnReset(loop, 2 * loop.length)).toBe(loop);
    // No reset read (a design without registers that reset): unchanged;
    // a name that merely contains "rst" is not the reset line.
    expect(splitOnReset('for (;;) { v1 = first + 1; }', 1000)).toBe('for (;;) { v1 = first + 1; }');
  });

  it('runBatch with the reset line held matches reset(), and without it the per-cycle loop', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const mod = randomModule(seed, { nodes: 50, memories: true, fsm: seed % 2 === 0 });
        const r = rng(seed);
        const ins = mod.ports.filter((p) => p.dir === 'in');
        const outs = mod.ports.filter((p) => p.dir === 'out').map((p) => p.name);
        const a = createSimulator(designOf(mod));
        const b = createSimulator(designOf(mod));
        const n = 6;
        const cols: Record<string, Uint32Array> = {};
        for (const p of ins) cols[p.name] = Uint32Array.from({ length: n * Math.ceil(p.width / 32) }, () => Math.floor(r() * 2 ** Math.min(32, p.width)));
        // Some cycles out of reset, then the reset line held for a batch.
        a.reset();
        b.reset();
        a.runBatch(cols, n, outs);
        for (let c = 0; c < n; c++) {
          for (const p of ins) b.poke(p.name, p.width <= 32 ? BigInt(cols[p.name]![c]!) : 0n);
          b.step(1);
        }
        if (ins.every((p) => p.width <= 32)) for (const o of outs) expect(a.peek(o), o).toBe(b.peek(o));
        a.compiled.state.ctl[0] = 1;
        try {
          a.runBatch(cols, 2, outs);
        } finally {
          a.compiled.state.ctl[0] = 0;
        }
        b.reset(2);
        // Registers with an init value are back at it on both (the others
        // load their d input, which reads different inputs on a and b).
        const inits = mod.nodes.filter((x) => x.op === 'reg' && x.init !== null && x.name !== undefined);
        expect(inits.length).toBeGreaterThan(0);
        for (const node of inits) {
          expect(a.peek(`Top.${node.name}`), `${node.name} after a batch under reset`).toBe(b.peek(`Top.${node.name}`));
        }
      }),
      { numRuns: 20 },
    );
  });
});
