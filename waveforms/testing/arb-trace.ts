// fast-check generator of random but well-formed Traces: widths 1..200, all
// display formats, a few hierarchy levels, and values that often repeat (so
// the '.' and "no change" paths are exercised as much as the changes).
import fc from 'fast-check';
import type { DisplayFormat } from '../../hdl/ir.js';
import type { SignalInfo, Trace } from '../../hdl/sim/api.js';

const arbDisplay = (width: number): fc.Arbitrary<DisplayFormat | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant<DisplayFormat>({ kind: 'uint' }),
    fc.constant<DisplayFormat>({ kind: 'sint' }),
    fc
      .record({ fracBits: fc.integer({ min: 0, max: width }), signed: fc.boolean() })
      .map((r): DisplayFormat => ({ kind: 'fixed', intBits: width - r.fracBits, ...r })),
    // Names for some codes only: the others must show (and read back) as hex.
    fc.integer({ min: 1, max: Math.min(6, 2 ** Math.min(width, 3)) }).map((n): DisplayFormat => ({ kind: 'enum', names: Array.from({ length: n }, (_, i) => `st_${i}`) })),
  );

const arbSignal = (index: number): fc.Arbitrary<SignalInfo> =>
  fc
    .record({
      scopes: fc.array(fc.constantFrom('u_a', 'u_b', 'core'), { maxLength: 2 }),
      width: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 200 })),
    })
    .chain(({ scopes, width }) =>
      arbDisplay(width).map(
        (display): SignalInfo => ({
          // The index keeps paths unique whatever the scopes.
          path: ['Top', ...scopes, `s${index}`].join('.'),
          width,
          kind: 'node',
          ...(display ? { display } : {}),
        }),
      ),
    );

const arbRow = (width: number, cycles: number): fc.Arbitrary<bigint[]> =>
  fc
    .array(fc.option(fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n }), { freq: 2 }), {
      minLength: cycles,
      maxLength: cycles,
    })
    .map((xs) => {
      // null = "same as the previous cycle".
      let prev = 0n;
      return xs.map((x) => (prev = x ?? prev));
    });

export const arbTrace: fc.Arbitrary<Trace> = fc
  .record({
    n: fc.integer({ min: 1, max: 8 }),
    cycles: fc.integer({ min: 1, max: 24 }),
    startCycle: fc.integer({ min: 0, max: 1000 }),
  })
  .chain(({ n, cycles, startCycle }) =>
    fc.tuple(...Array.from({ length: n }, (_, i) => arbSignal(i))).chain((signals) =>
      fc.tuple(...signals.map((s) => arbRow(s.width, cycles))).map(
        (values): Trace => ({ topName: 'Top', signals, startCycle, values }),
      ),
    ),
  );
