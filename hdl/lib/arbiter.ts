// Arbiters: pick one requester per cycle. Fixed priority is combinational;
// round robin keeps a pointer register so every requester is served within
// N grants (the lowest index at or after the pointer wins, then the pointer
// moves past the winner).
import type { ModuleBuilder } from '../module.js';
import { mux } from '../ops.js';
import type { UInt } from '../signal.js';
import { uint } from '../types.js';
import { firstOne, indexToOneHot, priorityEncode, type Priority } from './encode.js';
import { constOf, indexBits, requireUInt } from './util.js';

/** An arbiter's result: the one-hot grant, its index, and whether anything was granted. */
export interface Grant {
  /** One-hot grant vector, as wide as the request vector (0 when idle). */
  grant: UInt;
  /** Index of the granted requester (0 when idle). */
  index: UInt;
  /** Some requester was granted. */
  valid: UInt;
}

/** Fixed priority: the lowest (default) or highest requesting index wins. */
export function priorityArbiter(request: UInt, opts: { priority?: Priority } = {}): Grant {
  requireUInt(request, 'priorityArbiter');
  const e = priorityEncode(request, opts);
  return { grant: firstOne(request, opts), index: e.index, valid: e.valid };
}

/** Round robin over `request`. The pointer advances past the winner on
 *  cycles where `advance` holds (default: whenever a grant is given); hold
 *  it low while the winner's transfer is stalled so the grant stays put. */
export function roundRobinArbiter(m: ModuleBuilder, name: string, request: UInt, opts: { advance?: UInt } = {}): Grant {
  m.own(requireUInt(request, 'roundRobinArbiter'), 'roundRobinArbiter');
  const n = request.width;
  if (n === 1) return priorityArbiter(request);
  const ib = indexBits(n);
  const ptr = m.reg(`${name}_ptr`, uint(ib), { init: 0 });
  const atOrAfter = constOf(request.owner, (1n << BigInt(n)) - 1n, n).shlBy(ptr);
  const upper = priorityEncode(request.and(atOrAfter));
  const any = priorityEncode(request);
  const index = mux(upper.valid, upper.index, any.index).named(`${name}_index`);
  const valid = any.valid;
  const grant = indexToOneHot(index, n).and(mux(valid, constOf(request.owner, (1n << BigInt(n)) - 1n, n), constOf(request.owner, 0, n)));
  const advance = opts.advance ? m.own(opts.advance, 'roundRobinArbiter advance').and(valid) : valid;
  const next = mux(index.eq(n - 1), constOf(request.owner, 0, ib), index.addWrap(1));
  m.when(advance, () => ptr.set(next));
  return { grant: grant.named(`${name}_grant`), index, valid };
}
