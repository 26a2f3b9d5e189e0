// Scan unit: walks a tile's sorted (SPID, sample) list one pair per cycle.
// A new primitive id counts one primitive (vertex fetch and setup); a new
// 2x2 shading quad (the key without its two lowest Morton bits) counts one
// quad dispatch, i.e. 4 shader executions. Each quad leaves as (pid, quad,
// first, count): its samples are the sorted list's entries first ..
// first + count - 1, which is where the shaded colour is scattered back to.
// After in_last the open quad is flushed in an extra cycle (in_ready low),
// then `done` pulses with the tile's totals, which hold until the next tile.
import { defineModule, uint } from '../../hdl/index.js';
import { fsm } from '../../hdl/lib/index.js';
import type { ScanConfig } from './config.js';

export const Scan = defineModule('Scan', (m, cfg: ScanConfig) => {
  const P = cfg.pidBits;
  const I = cfg.valBits + 1;
  const inValid = m.input('in_valid', uint(1));
  const inLast = m.input('in_last', uint(1));
  const inPid = m.input('in_pid', uint(P));
  const inXy = m.input('in_xy', uint(32));
  const inReady = m.output('in_ready', uint(1));
  const qValid = m.output('quad_valid', uint(1));
  const qPid = m.output('quad_pid', uint(P));
  const qId = m.output('quad_id', uint(30));
  const qFirst = m.output('quad_first', uint(I));
  const qCount = m.output('quad_count', uint(I));
  const done = m.output('done', uint(1));
  const prims = m.output('prims', uint(I));
  const quads = m.output('quads', uint(I));
  const execs = m.output('shader_execs', uint(I + 2));

  // idle: between tiles; open: a tile's pairs are arriving; flush: the
  // cycle after in_last, when the open quad and the totals leave.
  const state = fsm(m, 'state', ['idle', 'open', 'flush'] as const);
  const open = state.is('idle').not().named('open');
  const flush = state.is('flush').named('flush');
  const curPid = m.reg('cur_pid', uint(P), { init: 0 });
  const curQuad = m.reg('cur_quad', uint(30), { init: 0 });
  const curFirst = m.reg('cur_first', uint(I), { init: 0 });
  const curCount = m.reg('cur_count', uint(I), { init: 0 });
  const idx = m.reg('idx', uint(I), { init: 0 });
  const nPrims = m.reg('n_prims', uint(I), { init: 0 });
  const nQuads = m.reg('n_quads', uint(I), { init: 0 });
  const oValid = m.reg('o_valid', uint(1), { init: 0 });
  const oPid = m.reg('o_pid', uint(P), { init: 0 });
  const oQuad = m.reg('o_quad', uint(30), { init: 0 });
  const oFirst = m.reg('o_first', uint(I), { init: 0 });
  const oCount = m.reg('o_count', uint(I), { init: 0 });
  const oDone = m.reg('o_done', uint(1), { init: 0 });

  const take = inValid.and(flush.not()).named('take');
  const quad = inXy.bits(31, 2);
  const newPrim = open.not().or(inPid.ne(curPid)).named('new_prim');
  const newQuad = newPrim.or(quad.ne(curQuad)).named('new_quad');
  const emitPrev = take.and(open).and(newQuad).named('emit_prev');

  oValid.set(emitPrev.or(flush));
  oDone.set(flush);
  m.when(emitPrev.or(flush), () => {
    oPid.set(curPid);
    oQuad.set(curQuad);
    oFirst.set(curFirst);
    oCount.set(curCount);
  });
  m.when(take, () => {
    curPid.set(inPid);
    curQuad.set(quad);
    idx.set(idx.addWrap(1));
    m.when(newQuad, () => {
      curFirst.set(idx);
      curCount.set(1);
    }).otherwise(() => curCount.set(curCount.addWrap(1)));
    // The first pair of a tile restarts the totals.
    m.when(open.not(), () => {
      nPrims.set(1);
      nQuads.set(1);
    }).otherwise(() => {
      m.when(newPrim, () => nPrims.set(nPrims.addWrap(1)));
      m.when(newQuad, () => nQuads.set(nQuads.addWrap(1)));
    });
    m.when(inLast, () => state.goto('flush')).otherwise(() => state.goto('open'));
  }).elsewhen(flush, () => {
    state.goto('idle');
    idx.set(0);
  });

  inReady.drive(flush.not());
  qValid.drive(oValid);
  qPid.drive(oPid);
  qId.drive(oQuad);
  qFirst.drive(oFirst);
  qCount.drive(oCount);
  done.drive(oDone);
  prims.drive(nPrims);
  quads.drive(nQuads);
  execs.drive(nQuads.shl(2));
  return { in_valid: inValid, in_last: inLast, in_pid: inPid, in_xy: inXy, in_ready: inReady, quad_valid: qValid, quad_pid: qPid, quad_id: qId, quad_first: qFirst, quad_count: qCount, done, prims, quads, shader_execs: execs };
});
