// The library operations as signals: popcount, priority encode and
// arg-min/arg-max, each one IR node (hdl/ir.ts) for a whole tree of adders,
// gates, compares and muxes. The simulator computes each with a few word
// operations; the Verilog backend prints, and the inventory prices, the
// tree (hdl/opt/lower.ts).
import { SInt, UInt, type Owner } from '../signal.js';
import { uint } from '../types.js';
import { countBits, indexBits, requireUInt } from './util.js';

/** Whether one of N was found, and which. */
export interface Extreme {
  /** Some entry is valid. */
  found: UInt;
  /** The winning entry (0 when none is valid); indexBits(N) wide. */
  index: UInt;
}

/** The number of set bits of x as one popcount node; countBits(width) wide. */
export function popcountNode(x: UInt): UInt {
  requireUInt(x, 'popcount');
  const w = countBits(x.width);
  return new UInt(x.owner, x.owner.addNode({ op: 'popcount', a: x.id }, w), uint(w));
}

/** {valid, index of the lowest (or highest) set bit} as one prienc node. */
export function priorityNode(x: UInt, highest: boolean): { valid: UInt; index: UInt } {
  requireUInt(x, 'priority encoder');
  const bits = indexBits(x.width);
  const both = new UInt(x.owner, x.owner.addNode({ op: 'prienc', a: x.id, highest }, bits + 1), uint(bits + 1));
  return { valid: both.bit(bits), index: both.bits(bits - 1, 0) };
}

/** How argMin/argMax break ties between equal keys. */
export interface ExtremeOptions {
  /** Equal keys go to the later entry (default: the earlier). */
  latest?: boolean;
}

/** The valid entry with the smallest key: entry i is (valid bit i, keys[i]);
 *  keys are all uint or all sint of one width, compared as their type says;
 *  equal keys go to the earlier entry (the later with `latest`). In
 *  hardware a balanced tree of comparators and muxes, log2 N levels deep. */
export function argMin(valid: UInt, keys: readonly (UInt | SInt)[], opts: ExtremeOptions = {}): Extreme {
  return argExtreme('argmin', valid, keys, opts);
}

/** The valid entry with the largest key (as argMin, the other way). */
export function argMax(valid: UInt, keys: readonly (UInt | SInt)[], opts: ExtremeOptions = {}): Extreme {
  return argExtreme('argmax', valid, keys, opts);
}

function argExtreme(op: 'argmin' | 'argmax', valid: UInt, keys: readonly (UInt | SInt)[], opts: ExtremeOptions): Extreme {
  const what = op === 'argmin' ? 'argMin' : 'argMax';
  requireUInt(valid, `${what} valid`);
  const o: Owner = valid.owner;
  if (keys.length === 0) o.fail('bad parameter', valid.label, `${what} needs at least one key`);
  if (valid.width !== keys.length) o.fail('width mismatch', valid.label, `${what}: ${valid.label} has ${valid.width} valid bits for ${keys.length} keys; give one valid bit per key`);
  const first = keys[0]!;
  const signed = first instanceof SInt;
  for (const k of keys) {
    if (k.owner !== o) o.fail('signal used outside its module', k.label, `${what}: key ${k.label} belongs to module ${k.owner.moduleName}, not ${o.moduleName}`);
    if (!(k instanceof UInt || k instanceof SInt) || k instanceof SInt !== signed || k.width !== first.width) {
      o.fail('type mismatch', k.label, `${what}: key ${k.label} is ${k.type.kind}(${k.width}) but ${first.label} is ${first.type.kind}(${first.width}); keys are all uint or all sint of one width`);
    }
  }
  const bits = indexBits(keys.length);
  const node = o.addNode({ op, valid: valid.id, keys: keys.map((k) => k.id), signed, latest: opts.latest ?? false }, bits + 1);
  const both = new UInt(o, node, uint(bits + 1));
  return { found: both.bit(bits), index: both.bits(bits - 1, 0) };
}
