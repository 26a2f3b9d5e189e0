// The SPID buffers' walk (codec-stats.ts forEachSpidBlock) against a plain
// one written here: tiles in row order, pixels in Morton order inside each,
// samples in index order, all ones where there is no primitive or no pixel.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { forEachSpidBlock } from './codec-stats.js';
import { BLOCK_WORDS } from '../../units/spid-codec/golden.js';
import type { Frame } from '../../testbenches/workloads/tiles/index.js';

const NONE = 0xffffffff;

/** Both buffers in order, one word at a time, with Morton codes from their definition (bit i of x at 2i, of y at 2i + 1). */
function plainWalk(frame: Frame, tile: number): { pid: number[]; xy: number[] } {
  const morton = (x: number, y: number): number => {
    let c = 0;
    for (let i = 0; i < 16; i++) c += (((x >> i) & 1) * 2 ** (2 * i)) + (((y >> i) & 1) * 2 ** (2 * i + 1));
    return c;
  };
  const inTile: [number, number][] = [];
  for (let y = 0; y < tile; y++) for (let x = 0; x < tile; x++) inTile.push([x, y]);
  inTile.sort((a, b) => morton(a[0], a[1]) - morton(b[0], b[1]));
  const pid: number[] = [];
  const xy: number[] = [];
  for (let ty = 0; ty * tile < frame.height; ty++) {
    for (let tx = 0; tx * tile < frame.width; tx++) {
      for (const [x, y] of inTile) {
        const px = tx * tile + x;
        const py = ty * tile + y;
        for (let s = 0; s < frame.spp; s++) {
          const id = px < frame.width && py < frame.height ? frame.pid[(py * frame.width + px) * frame.spp + s]! : -1;
          pid.push(id < 0 ? NONE : id);
          xy.push(id < 0 ? NONE : morton(px, py));
        }
      }
    }
  }
  return { pid, xy };
}

describe('forEachSpidBlock', () => {
  it('hands over the same words, block by block, as a plain walk of the frame', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(4, 8, 16),
        fc.constantFrom(4, 8, 16),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (spp, tile, width, height, background, seed) => {
          let r = seed >>> 0 || 1;
          const next = (): number => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32);
          const pid = Int32Array.from({ length: width * height * spp }, () => (next() < background ? -1 : Math.floor(next() * 2 ** 31)));
          const frame = { width, height, spp, pid, exactCompares: 0 } as Frame;
          const want = plainWalk(frame, tile);
          const got = { pid: [] as number[], xy: [] as number[] };
          const samples = forEachSpidBlock(frame, tile, (p, x) => {
            expect(p.length).toBe(BLOCK_WORDS);
            got.pid.push(...p);
            got.xy.push(...x);
          });
          expect(samples).toBe(want.pid.length);
          expect(got.pid).toEqual(want.pid);
          expect(got.xy).toEqual(want.xy);
        },
      ),
      { seed: 20261129, numRuns: 120 },
    );
  });

  it('refuses a rate that does not divide a block, naming it', () => {
    const frame = { width: 8, height: 8, spp: 3, pid: new Int32Array(8 * 8 * 3), exactCompares: 0 } as unknown as Frame;
    expect(() => forEachSpidBlock(frame, 8, () => {})).toThrow(/3 samples per pixel do not divide a 64-word block/);
  });
});
