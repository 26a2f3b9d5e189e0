// The iterator walking a queue of boxes under random downstream stalls and
// gaps in its input: each box is visited stamp by stamp in row order exactly
// once, take (the ready of the stage before) rises only on the last stamp or
// when empty, stall is high while the MP needs more cycles, and a `single`
// MP (out of range) takes one cycle whatever its box.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { Iterator } from './module.js';

const CFG = { localStampBits: 3, stampIdxBits: 12 };

const arbBox = fc.record({
  lastX: fc.integer({ min: 0, max: 7 }),
  lastY: fc.integer({ min: 0, max: 7 }),
  originX: fc.integer({ min: 0, max: 4095 - 7 }),
  originY: fc.integer({ min: 0, max: 4095 - 7 }),
  single: fc.boolean(),
});

describe('iterator', () => {
  it('walks every box row by row once, stalling the stage before it meanwhile', () => {
    const arb = fc.record({
      boxes: fc.array(arbBox, { minLength: 1, maxLength: 6 }),
      advance: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      gaps: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
    });
    checkWithWaves('iterator-walk', arb, ({ boxes, advance, gaps }, ctx) => {
      const sim = unitSim(Iterator, CFG);
      const io = sim.ports;
      ctx.attach(sim);
      sim.reset();
      const want: string[] = [];
      for (const [i, b] of boxes.entries()) {
        if (b.single) want.push(`${i}:${b.originX},${b.originY}`);
        else for (let y = 0; y <= b.lastY; y++) for (let x = 0; x <= b.lastX; x++) want.push(`${i}:${b.originX + x},${b.originY + y}`);
      }
      const got: string[] = [];
      let cur = -1; // index of the box held in the walk register, -1 when empty
      let next = 0;
      for (let c = 0; got.length < want.length; c++) {
        if (c > 20 * want.length + 200) throw new Error(`iterator stuck after ${c} cycles with ${got.length} of ${want.length} stamps`);
        const adv = advance[c % advance.length]! || c % 7 === 0;
        const b = cur >= 0 ? boxes[cur]! : null;
        io.valid.write(b ? 1 : 0);
        io.advance.write(adv ? 1 : 0);
        io.single.write(b?.single ? 1 : 0);
        io.lastX.write(b?.lastX ?? 0);
        io.lastY.write(b?.lastY ?? 0);
        io.originX.write(b?.originX ?? 0);
        io.originY.write(b?.originY ?? 0);
        const fire = io.fire.read() === 1n;
        expect(fire).toBe(b !== null && adv);
        const sx = Number(io.stampX.read());
        const sy = Number(io.stampY.read());
        const last = b !== null && (b.single || (sx === b.lastX && sy === b.lastY));
        expect(io.take.read()).toBe(b === null || (adv && last) ? 1n : 0n);
        expect(io.stall.read()).toBe(b !== null && !last ? 1n : 0n);
        expect(io.done.read()).toBe(fire && last ? 1n : 0n);
        if (fire) {
          expect([Number(io.absX.read()), Number(io.absY.read())]).toEqual([b!.originX + sx, b!.originY + sy]);
          got.push(`${cur}:${b!.originX + sx},${b!.originY + sy}`);
        }
        // The register before the iterator loads when take is high (with a gap now and then).
        if (io.take.read() === 1n) cur = next < boxes.length && !gaps[c % gaps.length] ? next++ : -1;
        sim.step();
      }
      expect(got).toEqual(want);
    }, { numRuns: 200 });
  });
});
