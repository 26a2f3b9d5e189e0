import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { checkWithWaves, defaultSeed } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { mortonDecode, mortonEncode, spidKey } from './golden.js';
import { SpidEncoder } from './module.js';

const coord = fc.integer({ min: 0, max: 0xffff });

describe('SPID golden model', () => {
  it('Morton code round-trips and puts sx bit i at 2i, sy bit i at 2i+1', () => {
    fc.assert(
      fc.property(coord, coord, (sx, sy) => {
        expect(mortonDecode(mortonEncode(sx, sy))).toEqual({ sx, sy });
        for (let i = 0; i < 16; i++) {
          expect(mortonEncode(sx & (1 << i), 0)).toBe(((sx >> i) & 1) * 2 ** (2 * i));
          expect(mortonEncode(0, sy & (1 << i))).toBe(((sy >> i) & 1) * 2 ** (2 * i + 1));
        }
      }),
      { seed: defaultSeed() },
    );
  });

  it('the two lowest key bits are the pixel inside its 2x2 quad', () => {
    fc.assert(
      fc.property(coord, coord, (sx, sy) => {
        const m = mortonEncode(sx, sy);
        expect(m & 3).toBe((sx & 1) | ((sy & 1) << 1));
        expect(m >>> 2).toBe(mortonEncode(sx >> 1, sy >> 1));
      }),
      { seed: defaultSeed() },
    );
  });

  it('rejects a primitive id wider than the configured field, naming pidBits', () => {
    expect(() => spidKey(300, 0, 0, 8)).toThrow(/pidBits = 8 \(valid 0\.\.255\)/);
    expect(() => mortonEncode(65536, 0)).toThrow(/sx = 65536/);
  });
});

describe('SpidEncoder (DSL)', () => {
  it('gives the golden key one cycle after each valid sample', () => {
    const arb = fc.record({
      pidBits: fc.constantFrom(8, 20, 32),
      samples: fc.array(fc.record({ v: fc.boolean(), pid: fc.nat(), sx: coord, sy: coord }), { minLength: 1, maxLength: 40 }),
    });
    checkWithWaves('spid-encoder-vs-golden', arb, (x, ctx) => {
      const sim = createSimulator(elaborate(SpidEncoder, { pidBits: x.pidBits }));
      ctx.attach(sim);
      sim.reset();
      const sb = new Scoreboard();
      let want: bigint | null = null;
      for (const s of x.samples) {
        const pid = s.pid % 2 ** x.pidBits;
        sim.poke('SpidEncoder.in_valid', s.v ? 1 : 0);
        sim.poke('SpidEncoder.pid', pid);
        sim.poke('SpidEncoder.sx', s.sx);
        sim.poke('SpidEncoder.sy', s.sy);
        sim.step();
        sb.check(sim.cycle, 'out_valid', s.v ? 1n : 0n, sim.peek('SpidEncoder.out_valid'));
        if (s.v) want = spidKey(pid, s.sx, s.sy, x.pidBits);
        if (s.v && want !== null) {
          sb.check(sim.cycle, 'key_hi', want >> 32n, sim.peek('SpidEncoder.key_hi'));
          sb.check(sim.cycle, 'key_lo', want & 0xffffffffn, sim.peek('SpidEncoder.key_lo'));
        }
      }
      sb.assertClean();
    }, { numRuns: 40 });
  });
});
