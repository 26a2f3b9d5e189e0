// SPID encoder: one visible sample per cycle in, its 64-bit shading point id
// out one cycle later, as the two 32-bit words the SPID buffers store
// (key_hi = primitive id, key_lo = Morton(sx, sy)). The Morton code is pure
// wiring: sx bit i lands at 2i, sy bit i at 2i + 1.
import { cat, defineModule, uint, type UInt } from '../../hdl/index.js';
import { COORD_BITS, type SpidEncoderConfig } from './config.js';

export const SpidEncoder = defineModule('SpidEncoder', (m, cfg: SpidEncoderConfig) => {
  const inValid = m.input('in_valid', uint(1));
  const pid = m.input('pid', uint(cfg.pidBits));
  const sx = m.input('sx', uint(COORD_BITS));
  const sy = m.input('sy', uint(COORD_BITS));
  const outValid = m.output('out_valid', uint(1));
  const keyHi = m.output('key_hi', uint(32));
  const keyLo = m.output('key_lo', uint(32));

  const bits: UInt[] = [];
  for (let i = COORD_BITS - 1; i >= 0; i--) bits.push(sy.bit(i), sx.bit(i));
  const morton = cat(...bits).named('morton');

  const v = m.reg('valid_q', uint(1), { init: 0 });
  const hi = m.reg('key_hi_q', uint(32), { init: 0 });
  const lo = m.reg('key_lo_q', uint(32), { init: 0 });
  v.set(inValid);
  m.when(inValid, () => {
    hi.set(cfg.pidBits === 32 ? pid : pid.zext(32));
    lo.set(morton);
  });
  outValid.drive(v);
  keyHi.drive(hi);
  keyLo.drive(lo);
  return { in_valid: inValid, pid, sx, sy, out_valid: outValid, key_hi: keyHi, key_lo: keyLo };
});
