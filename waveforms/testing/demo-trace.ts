// A small hand-made trace with every kind of lane (level, hex bus, signed,
// fixed-point, two hierarchy levels), shared by tests and the examples.
import type { Trace } from '../../hdl/sim/api.js';

export function demoTrace(): Trace {
  return {
    topName: 'Top',
    startCycle: 10,
    signals: [
      { path: 'Top.valid', width: 1, kind: 'input' },
      { path: 'Top.data', width: 8, kind: 'input' },
      { path: 'Top.u_fifo.count', width: 4, kind: 'reg' },
      {
        path: 'Top.u_fifo.x',
        width: 12,
        kind: 'reg',
        display: { kind: 'fixed', intBits: 4, fracBits: 8, signed: true },
      },
      { path: 'Top.u_fifo.u_ram.q', width: 8, kind: 'memread', display: { kind: 'sint' } },
      { path: 'Top.ready', width: 1, kind: 'output' },
    ],
    values: [
      [0n, 1n, 1n, 0n, 1n, 0n, 0n, 1n],
      [0n, 0xabn, 0xabn, 0x10n, 0x11n, 0x12n, 0x12n, 0xffn],
      [0n, 1n, 2n, 2n, 3n, 2n, 1n, 0n],
      [0xf80n, 0xf80n, 0x180n, 0x180n, 0xc80n, 0x001n, 0n, 0n],
      [0xffn, 0x80n, 0x7fn, 0x7fn, 0n, 1n, 2n, 3n],
      [1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n],
    ],
  };
}
