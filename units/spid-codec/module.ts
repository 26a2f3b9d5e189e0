// Min/max-offset encoder for one 64-word block of a SPID buffer.
// LOAD    64 words in, one per cycle, into a block memory, tracking min and max.
// HMIN    the header's 32-bit min enters the packer; w = bits of max - min.
// HW      the 6-bit w enters the packer; the first word is read back.
// EMIT    64 cycles: word - min, in w bits, enters the packer.
// FLUSH   the packer's partial word leaves; done pulses with w, the payload
//         bits and the bus lines (1..3, or 4: the block stays raw).
// The packer is LSB-first: a 64-bit accumulator takes each field at its fill
// level and gives out its low 32 bits whenever 32 or more are filled.
import { defineModule, mux, uint } from '../../hdl/index.js';
import { bitLength, fsm, maxOf, minOf } from '../../hdl/lib/index.js';
import type { MinmaxEncoderConfig } from './config.js';

const WORDS = 64;

export const MinmaxEncoder = defineModule('MinmaxEncoder', (m, _cfg: MinmaxEncoderConfig) => {
  const inValid = m.input('in_valid', uint(1));
  const inValue = m.input('in_value', uint(32));
  const inReady = m.output('in_ready', uint(1));
  const wordValid = m.output('word_valid', uint(1));
  const word = m.output('word', uint(32));
  const done = m.output('done', uint(1));
  const widthOut = m.output('width', uint(6));
  const bitsOut = m.output('bits', uint(12));
  const linesOut = m.output('lines', uint(3));
  const minOut = m.output('min', uint(32));

  const phase = fsm(m, 'phase', ['load', 'hmin', 'hw', 'emit', 'flush'] as const);
  const cnt = m.reg('cnt', uint(7), { init: 0 });
  const lo = m.reg('lo', uint(32), { init: 2 ** 32 - 1 });
  const hi = m.reg('hi', uint(32), { init: 0 });
  const w = m.reg('w', uint(6), { init: 0 });
  const acc = m.reg('acc', uint(64), { init: 0 });
  const fill = m.reg('fill', uint(6), { init: 0 });
  const block = m.memory('block', uint(32), WORDS);

  const take = phase.is('load').and(inValid).named('take');
  block.write(cnt.trunc(6), inValue, take);
  const rd = block.read(cnt.trunc(6));

  // What enters the packer this cycle, and how many bits of it.
  const wNow = bitLength(hi.subWrap(lo)).named('w_now');
  const field = mux(phase.is('hmin'), lo, mux(phase.is('hw'), w.zext(32), rd.subWrap(lo))).named('field');
  const fieldBits = mux(phase.is('hmin'), 32, mux(phase.is('hw'), 6, w)).named('field_bits');
  const pushing = phase.is('hmin').or(phase.is('hw')).or(phase.is('emit')).named('pushing');
  const merged = acc.or(field.zext(64).shlBy(fill)).named('merged');
  const filled = fill.zext(7).add(fieldBits.zext(7)).trunc(7).named('filled');
  const full = pushing.and(filled.ge(32));
  const flushing = phase.is('flush');

  m.when(pushing, () => {
    m.when(full, () => {
      acc.set(merged.shr(32).zext(64));
      fill.set(filled.subWrap(32).trunc(6));
    }).otherwise(() => {
      acc.set(merged);
      fill.set(filled.trunc(6));
    });
  });

  m.when(take, () => {
    lo.set(minOf(lo, inValue));
    hi.set(maxOf(hi, inValue));
    cnt.set(cnt.addWrap(1));
    m.when(cnt.eq(WORDS - 1), () => phase.goto('hmin'));
  })
    .elsewhen(phase.is('hmin'), () => {
      w.set(wNow);
      phase.goto('hw');
    })
    .elsewhen(phase.is('hw'), () => {
      // Word 0 was read this cycle (cnt wrapped to 64, address 0).
      cnt.set(1);
      phase.goto('emit');
    })
    .elsewhen(phase.is('emit'), () => {
      // cnt is the address read this cycle; the word pushed is cnt - 1, read last cycle.
      cnt.set(cnt.addWrap(1));
      m.when(cnt.eq(WORDS), () => phase.goto('flush'));
    })
    .elsewhen(flushing, () => {
      cnt.set(0);
      lo.set(2 ** 32 - 1);
      hi.set(0);
      acc.set(0);
      fill.set(0);
      phase.goto('load');
    });

  const payload = w.zext(12).shl(6).trunc(12).add(38).trunc(12).named('payload_bits');
  const lines = mux(payload.le(512), 1, mux(payload.le(1024), 2, mux(payload.le(1536), 3, m.lit(4, uint(3)))));
  inReady.drive(phase.is('load'));
  wordValid.drive(full.or(flushing.and(fill.ne(0))));
  word.drive(mux(flushing, acc.trunc(32), merged.trunc(32)));
  done.drive(flushing);
  widthOut.drive(w);
  bitsOut.drive(payload);
  linesOut.drive(lines);
  minOut.drive(lo);
  return { in_valid: inValid, in_value: inValue, in_ready: inReady, word_valid: wordValid, word, done, width: widthOut, bits: bitsOut, lines: linesOut, min: minOut };
});
