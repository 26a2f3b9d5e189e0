// LSD radix sorter for one tile of (SPID, sample position) pairs.
//
// LOAD     pairs stream in, keysPerCycle (L) per beat, into buffer A; on the
//          way the sorter tracks the primitive-id range and which Morton bits
//          vary (significant-bit detection).
// SETUP    one cycle: the compact key is (pid - pidMin) above the varying
//          low Morton bits; bits that never vary carry no information, so
//          only ceil(bits / k) digits get a pass. Lane j owns the contiguous
//          chunk [j * chunk, j * chunk + len_j) of the buffer, which keeps the
//          per-lane scatter stable (lane j's pairs precede lane j+1's).
// per digit:
//   CLEAR    2^k cycles: zero every lane's counter bank.
//   HIST     chunk + 1 cycles: each lane reads its chunk, counts its digit.
//   PREFIX   2^k cycles: bank j, digit d becomes the slot where lane j's first
//            pair of digit d goes: all pairs of smaller digits, plus lanes < j
//            of digit d.
//   SCATTER  chunk + 1 cycles: each lane re-reads its chunk and writes each
//            pair to its bank's pointer for the digit, post-incremented, in
//            the other buffer (the buffers ping-pong).
// UNLOAD   the sorted buffer streams out L pairs per beat; out_last marks
//          the final beat (a beat with an empty mask for an empty tile).
//
// Buffers are synchronous-read memories (one read and one write port per
// lane), split by field so each word is at most 32 bits; counter banks are
// small register files read combinationally for the read-modify-write.
import { cat, defineModule, mux, uint, type SigOf, type UInt, type UIntType } from '../../hdl/index.js';
import { bitLength, fsm, maxOf, minOf, popCount, smearRight } from '../../hdl/lib/index.js';
import { checkRadixConfig, lanesOf, XY_BITS, type RadixSortConfig } from './config.js';

/** The control FSM's states, in code order (the phase register shows their names). */
export const PHASES = ['load', 'setup', 'clear', 'hist', 'prefix', 'scatter', 'unload'] as const;
/** The code of each state, for testbenches that watch the phase register. */
export const PHASE = Object.fromEntries(PHASES.map((p, i) => [p.toUpperCase(), i])) as { readonly [K in Uppercase<(typeof PHASES)[number]>]: number };

/** Zero-extend or truncate to w bits (the value is known to fit). */
function fit(x: UInt, w: number): UInt {
  return x.width > w ? x.trunc(w) : x.width < w ? x.zext(w) : x;
}

export const RadixSorter = defineModule('RadixSorter', (m, cfg: RadixSortConfig) => {
  checkRadixConfig(cfg);
  const L = lanesOf(cfg);
  const lb = Math.log2(L);
  const A = cfg.capacityLog2;
  const cap = 2 ** A;
  const k = cfg.k;
  const P = cfg.pidBits;
  const V = cfg.valBits;
  const cntT = uint(A + 1);
  const offBits = Math.ceil(Math.log2(P + XY_BITS + k + 1));
  const laneIdx = (j: number): UInt => m.lit(j, uint(Math.max(1, lb)));

  // ---- ports -------------------------------------------------------------
  const loadValid = m.input('load_valid', uint(1));
  const loadLast = m.input('load_last', uint(1));
  const loadMask = m.input('load_mask', uint(L));
  const inPid: UInt[] = [];
  const inXy: UInt[] = [];
  const inVal: UInt[] = [];
  for (let j = 0; j < L; j++) {
    inPid.push(m.input(`load_pid_${j}`, uint(P)));
    inXy.push(m.input(`load_xy_${j}`, uint(XY_BITS)));
    inVal.push(m.input(`load_val_${j}`, uint(V)));
  }
  const loadReady = m.output('load_ready', uint(1));
  const busy = m.output('busy', uint(1));
  const outValid = m.output('out_valid', uint(1));
  const outLast = m.output('out_last', uint(1));
  const outMask = m.output('out_mask', uint(L));
  const outPid: UInt[] = [];
  const outXy: UInt[] = [];
  const outVal: UInt[] = [];
  for (let j = 0; j < L; j++) {
    outPid.push(m.output(`out_pid_${j}`, uint(P)));
    outXy.push(m.output(`out_xy_${j}`, uint(XY_BITS)));
    outVal.push(m.output(`out_val_${j}`, uint(V)));
  }
  const passesOut = m.output('passes', uint(offBits));
  const overflowOut = m.output('overflow', uint(1));

  // ---- state -------------------------------------------------------------
  const phase = fsm(m, 'phase', PHASES);
  const n = m.reg('n', cntT, { init: 0 });
  const overflow = m.reg('overflow_q', uint(1), { init: 0 });
  const pidMin = m.reg('pid_min', uint(P), { init: 2 ** P - 1 });
  const pidMax = m.reg('pid_max', uint(P), { init: 0 });
  const xyAnd = m.reg('xy_and', uint(XY_BITS), { init: 2 ** XY_BITS - 1 });
  const xyOr = m.reg('xy_or', uint(XY_BITS), { init: 0 });
  const xyMask = m.reg('xy_mask', uint(XY_BITS), { init: 0 });
  const mbits = m.reg('mbits', uint(6), { init: 0 });
  const keyBits = m.reg('key_bits', uint(offBits), { init: 0 });
  const off = m.reg('digit_off', uint(offBits), { init: 0 });
  const passes = m.reg('passes_q', uint(offBits), { init: 0 });
  const srcIsB = m.reg('src_is_b', uint(1), { init: 0 });
  const chunk = m.reg('chunk', cntT, { init: 0 });
  const beats = m.reg('beats', cntT, { init: 0 });
  const i = m.reg('i', cntT, { init: 0 });
  const c = m.reg('c', uint(k + 1), { init: 0 });
  const running = m.reg('running', cntT, { init: 0 });
  const base: SigOf<UIntType>[] = [];
  const len: SigOf<UIntType>[] = [];
  for (let j = 0; j < L; j++) {
    base.push(m.reg(`base_${j}`, cntT, { init: 0 }));
    len.push(m.reg(`len_${j}`, cntT, { init: 0 }));
  }

  // ---- buffers (ping-pong) and counter banks ----------------------------
  const bufs = ['a', 'b'].map((name) => ({
    pid: m.memory(`buf_${name}_pid`, uint(P), cap),
    xy: m.memory(`buf_${name}_xy`, uint(XY_BITS), cap),
    val: m.memory(`buf_${name}_val`, uint(V), cap),
  }));
  const banks = Array.from({ length: L }, (_, j) => m.memory(`count_${j}`, cntT, 2 ** k));

  // ---- LOAD: write beat into A, track ranges ------------------------------
  const loading = phase.is('load').and(loadValid).named('loading');
  let bMin: UInt = pidMin;
  let bMax: UInt = pidMax;
  let bAnd: UInt = xyAnd;
  let bOr: UInt = xyOr;
  let dropped: UInt = m.lit(0, uint(1));
  const loadAddr: UInt[] = [];
  const loadEn: UInt[] = [];
  for (let j = 0; j < L; j++) {
    const lane = loadMask.bit(j);
    const at = n.add(j).named(`load_at_${j}`);
    const fits = at.lt(cap);
    loadAddr.push(at.trunc(A));
    loadEn.push(loading.and(lane).and(fits).named(`load_en_${j}`));
    dropped = dropped.or(lane.and(fits.not()));
    bMin = mux(lane, minOf(bMin, inPid[j]!), bMin);
    bMax = mux(lane, maxOf(bMax, inPid[j]!), bMax);
    bAnd = mux(lane, bAnd.and(inXy[j]!), bAnd);
    bOr = mux(lane, bOr.or(inXy[j]!), bOr);
  }
  const loadedNow = popCount(loadMask).zext(A + 2);
  const nNext = n.zext(A + 2).addWrap(loadedNow);
  const nSat = mux(nNext.gt(cap), m.lit(cap, uint(A + 2)), nNext).trunc(A + 1);

  // ---- SETUP: significant bits, passes, lane chunks -----------------------
  const varying = xyOr.and(xyAnd.not()).named('xy_varying');
  const maskNow = smearRight(varying).named('xy_mask_now');
  const mNow = bitLength(varying).named('mbits_now');
  const pNow = bitLength(pidMax.subWrap(pidMin)).named('pbits_now');
  // An empty tile leaves the range registers at their reset values: no bits.
  const bSum = mNow.zext(offBits).add(pNow.zext(offBits)).trunc(offBits);
  const bNow = mux(n.eq(0), m.lit(0, uint(offBits)), bSum).named('key_bits_now');
  const chunkNow = fit(n.add(L - 1).shr(lb), A + 1).named('chunk_now');
  const beatsNow = mux(n.eq(0), m.lit(1, cntT), chunkNow);
  const baseNow: UInt[] = [m.lit(0, cntT)];
  for (let j = 1; j < L; j++) baseNow.push(baseNow[j - 1]!.addWrap(chunkNow));
  const lenNow = baseNow.map((b, j) => {
    const rest = n.subWrap(b);
    return mux(n.gt(b), minOf(rest, chunkNow), m.lit(0, cntT)).named(`len_now_${j}`);
  });

  // ---- digit extraction from a pair read back from the source buffer ------
  const mb = mbits.zext(offBits);
  const lsh = mux(off.lt(mb), mb.subWrap(off), m.lit(0, uint(offBits)));
  const rsh = mux(off.lt(mb), m.lit(0, uint(offBits)), off.subWrap(mb));
  const digitOf = (pid: UInt, xy: UInt, j: number): UInt => {
    const low = xy.and(xyMask).shrBy(off).trunc(Math.min(k, XY_BITS));
    const pidOff = pid.subWrap(pidMin).shrBy(rsh);
    const pk = P >= k ? pidOff.trunc(k) : pidOff.zext(k);
    const high = pk.shlBy(lsh);
    return low.or(high).named(`digit_${j}`);
  };

  // ---- passes: read ports, counters, scatter -------------------------------
  const walking = phase.is('hist').or(phase.is('scatter')).named('walking');
  const unloading = phase.is('unload');
  const finalIsB = srcIsB;
  const rdAddr: UInt[] = [];
  const srcData: { pid: UInt; xy: UInt; val: UInt }[] = [];
  const readData: { pid: UInt; xy: UInt; val: UInt }[][] = [[], []];
  const issue: UInt[] = [];
  const hv: UInt[] = [];
  for (let j = 0; j < L; j++) {
    const walkAt = base[j]!.addWrap(i).trunc(A);
    const unloadAt = lb === 0 ? i.trunc(A) : cat(i.trunc(A - lb), laneIdx(j));
    const addr = mux(walking, walkAt, unloadAt).named(`rd_addr_${j}`);
    rdAddr.push(addr);
    for (const [b, buf] of bufs.entries()) {
      readData[b]!.push({ pid: buf.pid.read(addr), xy: buf.xy.read(addr), val: buf.val.read(addr) });
    }
    const fromB = readData[1]![j]!;
    const fromA = readData[0]![j]!;
    srcData.push({ pid: mux(srcIsB, fromB.pid, fromA.pid), xy: mux(srcIsB, fromB.xy, fromA.xy), val: mux(srcIsB, fromB.val, fromA.val) });
    issue.push(walking.and(i.lt(len[j]!)).named(`issue_${j}`));
    const v = m.reg(`hv_${j}`, uint(1), { init: 0 });
    v.set(issue[j]!);
    hv.push(v);
  }

  const clearing = phase.is('clear');
  const prefixing = phase.is('prefix');
  const hist = phase.is('hist');
  const scatter = phase.is('scatter');
  const cIdx = c.trunc(k);
  // Prefix: bank j gets running + the counts of lanes < j at digit c.
  const bankRd: UInt[] = [];
  const digits: UInt[] = [];
  for (let j = 0; j < L; j++) {
    const d = digitOf(srcData[j]!.pid, srcData[j]!.xy, j);
    digits.push(d);
    const addr = mux(prefixing.or(clearing), cIdx, d).named(`bank_addr_${j}`);
    bankRd.push(banks[j]!.read(addr, { sync: false }).named(`bank_rd_${j}`));
  }
  let acc: UInt = running;
  const prefixVal: UInt[] = [];
  for (let j = 0; j < L; j++) {
    prefixVal.push(acc);
    acc = acc.addWrap(bankRd[j]!);
  }
  const runningNext = acc;
  for (let j = 0; j < L; j++) {
    const addr = mux(prefixing.or(clearing), cIdx, digits[j]!);
    const bump = bankRd[j]!.addWrap(1);
    const data = mux(clearing, m.lit(0, cntT), mux(prefixing, prefixVal[j]!, bump));
    const en = clearing.or(prefixing).or(hv[j]!.and(hist.or(scatter)));
    banks[j]!.write(addr, data, en);
  }

  // Buffer writes: LOAD into A; SCATTER into the destination buffer.
  for (const [b, buf] of bufs.entries()) {
    const isDst = b === 1 ? srcIsB.not() : srcIsB;
    for (let j = 0; j < L; j++) {
      const scat = scatter.and(hv[j]!).and(isDst);
      const addr = mux(scat, bankRd[j]!.trunc(A), loadAddr[j]!);
      const en = b === 0 ? loadEn[j]!.or(scat) : scat;
      const src = srcData[j]!;
      buf.pid.write(addr, mux(scat, src.pid, inPid[j]!), en);
      buf.xy.write(addr, mux(scat, src.xy, inXy[j]!), en);
      buf.val.write(addr, mux(scat, src.val, inVal[j]!), en);
    }
  }

  // ---- UNLOAD: sync reads, outputs one cycle later -------------------------
  const uv = m.reg('unload_valid', uint(1), { init: 0 });
  const ulast = m.reg('unload_last', uint(1), { init: 0 });
  const umask = m.reg('unload_mask', uint(L), { init: 0 });
  const issuingOut = unloading.and(i.lt(beats));
  uv.set(issuingOut);
  ulast.set(issuingOut.and(i.eq(beats.subWrap(1))));
  const laneLive: UInt[] = [];
  for (let j = L - 1; j >= 0; j--) {
    const at = lb === 0 ? i : cat(i.trunc(A + 1 - lb), laneIdx(j));
    laneLive.push(at.lt(n));
  }
  umask.set(laneLive.length === 1 ? laneLive[0]! : cat(...laneLive));
  for (let j = 0; j < L; j++) {
    const fin = { a: readData[0]![j]!, b: readData[1]![j]! };
    outPid[j]!.drive(mux(finalIsB, fin.b.pid, fin.a.pid));
    outXy[j]!.drive(mux(finalIsB, fin.b.xy, fin.a.xy));
    outVal[j]!.drive(mux(finalIsB, fin.b.val, fin.a.val));
  }
  outValid.drive(uv);
  outLast.drive(ulast);
  outMask.drive(umask);
  loadReady.drive(phase.is('load'));
  busy.drive(phase.is('load').not());
  passesOut.drive(passes);
  overflowOut.drive(overflow);

  // ---- control FSM ----------------------------------------------------------
  const moreDigits = off.add(k).lt(keyBits.zext(offBits + 1)).named('more_digits');
  const lastCount = c.eq(2 ** k - 1);
  m.when(loading, () => {
    n.set(nSat);
    pidMin.set(bMin);
    pidMax.set(bMax);
    xyAnd.set(bAnd);
    xyOr.set(bOr);
    m.when(dropped, () => overflow.set(1));
    m.when(loadLast, () => phase.goto('setup'));
  })
    .elsewhen(phase.is('setup'), () => {
      xyMask.set(maskNow);
      mbits.set(mNow);
      keyBits.set(bNow);
      chunk.set(chunkNow);
      beats.set(beatsNow);
      for (let j = 0; j < L; j++) {
        base[j]!.set(baseNow[j]!);
        len[j]!.set(lenNow[j]!);
      }
      off.set(0);
      passes.set(0);
      srcIsB.set(0);
      i.set(0);
      c.set(0);
      m.when(bNow.eq(0), () => phase.goto('unload')).otherwise(() => phase.goto('clear'));
    })
    .elsewhen(clearing, () => {
      c.set(c.addWrap(1));
      m.when(lastCount, () => {
        c.set(0);
        i.set(0);
        phase.goto('hist');
      });
    })
    .elsewhen(hist, () => {
      i.set(i.addWrap(1));
      m.when(i.eq(chunk), () => {
        i.set(0);
        c.set(0);
        running.set(0);
        phase.goto('prefix');
      });
    })
    .elsewhen(prefixing, () => {
      c.set(c.addWrap(1));
      running.set(runningNext);
      m.when(lastCount, () => {
        c.set(0);
        i.set(0);
        phase.goto('scatter');
      });
    })
    .elsewhen(scatter, () => {
      i.set(i.addWrap(1));
      m.when(i.eq(chunk), () => {
        i.set(0);
        c.set(0);
        off.set(off.addWrap(k));
        passes.set(passes.addWrap(1));
        srcIsB.set(srcIsB.not());
        m.when(moreDigits, () => phase.goto('clear')).otherwise(() => phase.goto('unload'));
      });
    })
    .elsewhen(unloading, () => {
      i.set(i.addWrap(1));
      m.when(i.eq(beats), () => {
        i.set(0);
        n.set(0);
        overflow.set(0);
        pidMin.set(2 ** P - 1);
        pidMax.set(0);
        xyAnd.set(2 ** XY_BITS - 1);
        xyOr.set(0);
        phase.goto('load');
      });
    });

  return {
    load_valid: loadValid,
    load_last: loadLast,
    load_mask: loadMask,
    load_pid: inPid,
    load_xy: inXy,
    load_val: inVal,
    load_ready: loadReady,
    busy,
    out_valid: outValid,
    out_last: outLast,
    out_mask: outMask,
    out_pid: outPid,
    out_xy: outXy,
    out_val: outVal,
    passes: passesOut,
    overflow: overflowOut,
  };
});
