// A fixed-point multiply-accumulate: acc <- acc + round(a * b), with the
// rounding and overflow modes named in the config. Exercises signed
// multiply (width = sum of widths), fixed-point resize and saturation.
import { defineModule, resize, sfixed, uint } from '../../hdl/index.js';
import type { MacConfig } from './config.js';

export const Mac = defineModule('Mac', (m, cfg: MacConfig) => {
  const opFmt = sfixed(cfg.intBits, cfg.fracBits);
  const accFmt = sfixed(cfg.accIntBits, cfg.fracBits);
  const a = m.input('a', opFmt);
  const b = m.input('b', opFmt);
  const en = m.input('en', uint(1));
  const clear = m.input('clear', uint(1));
  const acc = m.output('acc', accFmt);

  const accReg = m.reg('acc_q', accFmt, { init: 0 });
  const product = a.mul(b).named('product');
  const term = resize(product, accFmt, { round: cfg.round, overflow: 'saturate' }).named('term');
  const sum = resize(accReg.add(term), accFmt, { overflow: cfg.overflow }).named('sum');
  m.when(clear, () => accReg.set(0)).elsewhen(en, () => accReg.set(sum));
  acc.drive(accReg);
  return { a, b, en, clear, acc };
});
