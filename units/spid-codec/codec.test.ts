import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { checkWithWaves, defaultSeed } from '../../testbenches/property.js';
import { BLOCK_WORDS, BufferTally, compressBuffer, minMaxBits, paletteBits, decodeBlock, decodeMinMax, decodePalette, encodeBlock, encodeMinMax, encodePalette } from './golden.js';
import { MinmaxEncoder } from './module.js';

const u32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
/** Blocks like SPID buffers hold (a few values near a base) and adversarial ones. */
const arbBlock = fc.oneof(
  fc.array(u32, { minLength: BLOCK_WORDS, maxLength: BLOCK_WORDS }),
  fc.tuple(u32, fc.integer({ min: 0, max: 24 })).chain(([base, bits]) =>
    fc.array(fc.integer({ min: 0, max: 2 ** bits - 1 }).map((d) => Math.min(2 ** 32 - 1, base + d)), { minLength: BLOCK_WORDS, maxLength: BLOCK_WORDS }),
  ),
  fc.array(u32, { minLength: 1, maxLength: 9 }).chain((pal) => fc.array(fc.constantFrom(...pal), { minLength: BLOCK_WORDS, maxLength: BLOCK_WORDS })),
  u32.map((v) => Array.from({ length: BLOCK_WORDS }, () => v)),
);

describe('SPID codecs (golden)', () => {
  it('min/max, palette and the chosen codec decode to exactly their input', () => {
    fc.assert(
      fc.property(arbBlock, (block) => {
        expect(decodeMinMax(encodeMinMax(block).words)).toEqual(block);
        expect(decodePalette(encodePalette(block)!.words)).toEqual(block);
        const e = encodeBlock(block);
        expect(decodeBlock(e)).toEqual(block);
        expect(e.lines).toBeLessThanOrEqual(4);
        expect(e.lines).toBeGreaterThanOrEqual(1);
        if (e.codec !== 'raw') expect(e.bits).toBeLessThanOrEqual(e.lines * 512);
        expect(minMaxBits(block)).toBe(encodeMinMax(block).bits);
        expect(paletteBits(block)).toBe(encodePalette(block)!.bits);
        const one = compressBuffer(block);
        expect(one.bytes - 1).toBe(e.lines * 64);
        expect(one.byCodec[e.codec]).toBe(1);
      }),
      { seed: defaultSeed(), numRuns: 300 },
    );
  });

  it('a constant block takes one line (4:1), random words stay raw', () => {
    expect(encodeBlock(Array.from({ length: 64 }, () => 7)).lines).toBe(1);
    const noisy = Array.from({ length: 64 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 0));
    expect(encodeBlock(noisy).codec).toBe('raw');
    const c = compressBuffer(new Uint32Array(640).fill(3));
    expect(c.rawBytes).toBe(2560);
    expect(c.bytes).toBe(10 * 64 + 3);
  });

  it('a buffer costs, under each codec choice, the lines its blocks pack into with the encoders, summed', () => {
    fc.assert(
      fc.property(fc.array(arbBlock, { minLength: 1, maxLength: 5 }), (blocks) => {
        const words = new Uint32Array(blocks.flat());
        const tally = new BufferTally();
        blocks.forEach((_, b) => tally.add(words, b * BLOCK_WORDS));
        const costs = tally.costs();
        for (const only of ['minmax', 'palette', undefined] as const) {
          // The encoders' packed lines, a codec taken only where it beats raw's 4 (min/max first on a tie).
          const lines = blocks.map((block) => {
            const mm = only === 'palette' ? 4 : encodeMinMax(block).lines;
            const pal = only === 'minmax' ? 4 : encodePalette(block)!.lines;
            return Math.min(mm, pal, 4);
          });
          const want = lines.reduce((a, b) => a + b, 0) * 64 + Math.ceil((blocks.length * 2) / 8);
          const got = compressBuffer(words, only);
          expect(got.bytes).toBe(want);
          expect(costs[only ?? 'best']).toEqual(got);
          expect(got.byCodec.raw + got.byCodec.minmax + got.byCodec.palette).toBe(blocks.length);
          expect(got.byCodec.raw).toBe(lines.filter((l) => l === 4).length);
        }
      }),
      { seed: defaultSeed(), numRuns: 200 },
    );
  });
});

describe('MinmaxEncoder (DSL)', () => {
  it('packs the same words, width and line count as the golden encoder', () => {
    checkWithWaves('minmax-encoder-vs-golden', fc.array(arbBlock, { minLength: 1, maxLength: 2 }), (blocks, ctx) => {
      const sim = createSimulator(elaborate(MinmaxEncoder, {}));
      ctx.attach(sim);
      sim.reset();
      for (const block of blocks) {
        const want = encodeMinMax(block);
        const words: number[] = [];
        for (const v of block) {
          expect(sim.peek('MinmaxEncoder.in_ready')).toBe(1n);
          sim.poke('MinmaxEncoder.in_valid', 1);
          sim.poke('MinmaxEncoder.in_value', v);
          sim.step();
        }
        sim.poke('MinmaxEncoder.in_valid', 0);
        for (let t = 0; t < 80; t++) {
          if (sim.peek('MinmaxEncoder.word_valid') === 1n) words.push(Number(sim.peek('MinmaxEncoder.word')));
          if (sim.peek('MinmaxEncoder.done') === 1n) {
            expect(Number(sim.peek('MinmaxEncoder.bits'))).toBe(want.bits);
            // The encoder reports 4 (stay raw) for anything past 3 lines.
            expect(Number(sim.peek('MinmaxEncoder.lines'))).toBe(Math.min(want.lines, 4));
            sim.step();
            break;
          }
          sim.step();
        }
        expect(words).toEqual(want.words);
      }
    }, { numRuns: 12 });
  });
});
