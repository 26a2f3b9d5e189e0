// The bbox walk: one stamp per cycle, row by row, with a local stamp counter
// per axis (increment and compare against the box's last stamp). While the
// MP in the walk register still has stamps to visit the iterator holds it
// and raises stall, so the stages before it see ready low; on the last stamp
// it takes the next MP in the same cycle, so a one-stamp MP costs one cycle.
// `single` walks exactly one step whatever the box (an out-of-range MP only
// passes its flag through).
import { defineModule, uint } from '../../hdl/index.js';

export interface IteratorConfig {
  /** Bits of a bbox-local stamp index. */
  readonly localStampBits: number;
  /** Bits of an absolute stamp index. */
  readonly stampIdxBits: number;
}

export const Iterator = defineModule('Iterator', (m, cfg: IteratorConfig) => {
  const ls = cfg.localStampBits;
  const valid = m.input('valid', uint(1));
  const advance = m.input('advance', uint(1));
  const single = m.input('single', uint(1));
  const lastX = m.input('last_x', uint(ls));
  const lastY = m.input('last_y', uint(ls));
  const originX = m.input('origin_x', uint(cfg.stampIdxBits));
  const originY = m.input('origin_y', uint(cfg.stampIdxBits));

  const fire = m.output('fire', uint(1));
  const done = m.output('done', uint(1));
  const stall = m.output('stall', uint(1));
  const take = m.output('take', uint(1));
  /** The walk is on the box's last stamp column (an incremental sample test steps a row here). */
  const rowEndOut = m.output('row_end', uint(1));
  const stampX = m.output('stamp_x', uint(ls));
  const stampY = m.output('stamp_y', uint(ls));
  const absX = m.output('abs_x', uint(cfg.stampIdxBits));
  const absY = m.output('abs_y', uint(cfg.stampIdxBits));

  const cx = m.reg('cx', uint(ls), { init: 0 });
  const cy = m.reg('cy', uint(ls), { init: 0 });
  const rowEnd = cx.eq(lastX);
  const last = single.or(rowEnd.and(cy.eq(lastY))).named('last');
  const go = valid.and(advance).named('go');
  m.when(go, () => {
    m.when(last, () => {
      cx.set(0);
      cy.set(0);
    })
      .elsewhen(rowEnd, () => {
        cx.set(0);
        cy.set(cy.addWrap(1));
      })
      .otherwise(() => cx.set(cx.addWrap(1)));
  });

  fire.drive(go);
  rowEndOut.drive(rowEnd);
  done.drive(go.and(last));
  stall.drive(valid.and(last.not()));
  take.drive(valid.not().or(advance.and(last)));
  stampX.drive(cx);
  stampY.drive(cy);
  absX.drive(originX.addWrap(cx.zext(cfg.stampIdxBits)));
  absY.drive(originY.addWrap(cy.zext(cfg.stampIdxBits)));
  return { valid, advance, single, lastX, lastY, originX, originY, fire, done, stall, take, rowEnd: rowEndOut, stampX, stampY, absX, absY };
});
