// The CAM a merge buffer is built on: N entries of a key and a valid bit.
// Searches give the match vector, a hit flag and the index of the winning
// entry (lowest or highest, chosen per search); a search may mask key bits
// out. Keys read back by index, valid bits read as a vector, and an entry
// is invalidated by index alone. A ternary CAM stores a care mask per entry
// too: a search compares only the bits both masks select.
//
// Write ports apply in the order they are declared, field by field: when
// two ports write one entry in the same cycle, the later port's valid bit
// wins, and its key too if it writes one (invalidate writes no key, so a key
// written by an earlier port that cycle stays). Reset clears every valid
// bit and suppresses that cycle's writes.
import { callerLoc } from './errors.js';
import { indexBits as indexBitsOf, type CamIR, type NodeId } from './ir.js';
import { priorityEncode, type Priority } from './lib/encode.js';
import type { ModuleBuilder } from './module.js';
import { UInt } from './signal.js';
import { uint } from './types.js';

/** One CAM search: whether any valid entry matched and the index of the matching entry. */
export interface CamSearch {
  /** Bit i: entry i is valid and holds the key. */
  match: UInt;
  /** Some entry matched. */
  hit: UInt;
  /** The winning matching entry (0 when none). */
  index: UInt;
}

/** A content-addressable memory declared with `m.cam`: searches, masked searches, key read-back, writes and invalidation by index. */
export interface Cam {
  readonly name: string;
  readonly entries: number;
  readonly keyWidth: number;
  /** Entries store a care mask beside the key (write with writeTernary). */
  readonly ternary: boolean;
  /** Width of an entry index: max(1, ceil(log2 entries)). */
  readonly indexBits: number;
  /** At the clock edge, entry `index` takes `key` and the valid bit `valid`
   *  (default 1), when `en` and the enclosing when-conditions hold. An
   *  index past the last entry writes nothing. */
  write(index: UInt, key: UInt, valid?: UInt | 0 | 1, en?: UInt): void;
  /** Ternary CAMs: write a key and its care mask (1 bits are compared by
   *  searches, 0 bits match any search key), like write(). */
  writeTernary(index: UInt, key: UInt, care: UInt, valid?: UInt | 0 | 1, en?: UInt): void;
  /** Clear entry `index`'s valid bit (its key stays, readable by key()). */
  invalidate(index: UInt, en?: UInt): void;
  /** Match vector. `mask`: only its 1 bits are compared (all by default). */
  match(key: UInt, opts?: { mask?: UInt }): UInt;
  /** Match vector, hit flag and the index of the lowest (default) or
   *  highest matching entry. */
  search(key: UInt, opts?: { mask?: UInt; priority?: Priority }): CamSearch;
  /** The key stored in entry `index` (0 past the last entry), combinational. */
  key(index: UInt): UInt;
  /** The valid bits, bit i for entry i. */
  valid(): UInt;
}

/** A CAM's size and key width, and what it resets to. */
export interface CamOptions {
  entries: number;
  keyWidth: number;
  /** Store a care mask per entry (a TCAM): default false. */
  ternary?: boolean;
}

export function buildCam(m: ModuleBuilder, name: string, opts: CamOptions): Cam {
  const { entries, keyWidth } = opts;
  const ternary = opts.ternary ?? false;
  if (!Number.isInteger(entries) || entries < 1) m.fail('bad CAM', name, `CAM ${name}: entries ${entries} must be an integer >= 1`);
  if (!Number.isInteger(keyWidth) || keyWidth < 1 || keyWidth > 4096) m.fail('bad CAM', name, `CAM ${name}: keyWidth ${keyWidth} must be an integer in 1..4096`);
  const cam: CamIR = { name: m.uniqueName(name), keyWidth, entries, writePorts: [], loc: callerLoc() };
  if (ternary) cam.ternary = true;
  const at = m.cams.push(cam) - 1;
  const indexBits = indexBitsOf(entries);

  const check = (s: UInt, width: number, what: string, op: string): NodeId => {
    m.own(s, `${cam.name}.${op}`);
    if (!(s instanceof UInt) || s.width !== width) {
      m.fail('width mismatch', s.label, `CAM ${cam.name}.${op}: ${what} must be uint(${width}), got ${s.type.kind}(${s.width})`);
    }
    return s.id;
  };
  const named = (id: NodeId, suffix: string, width: number): UInt => {
    m.nodes[id]!.name = m.uniqueName(`${cam.name}_${suffix}`);
    return new UInt(m, id, uint(width));
  };
  const matchNode = (key: UInt, mask: UInt | undefined, op: string): UInt => {
    const k = check(key, keyWidth, 'the key', op);
    const spec = mask === undefined ? { op: 'cammatch' as const, cam: at, key: k } : { op: 'cammatch' as const, cam: at, key: k, mask: check(mask, keyWidth, 'the mask', op) };
    return named(m.addNode(spec, entries, { kind: 'uint' }), 'match', entries);
  };

  return {
    name: cam.name,
    entries,
    keyWidth,
    indexBits,
    ternary,
    write(index, key, valid = 1, en) {
      if (ternary) m.fail('bad CAM write', key.label, `CAM ${cam.name} is ternary: write keys with writeTernary(index, key, care), giving each entry's care mask`);
      const v = typeof valid === 'number' ? m.lit(valid, uint(1)) : valid;
      cam.writePorts.push({ index: check(index, indexBits, 'the index', 'write'), key: check(key, keyWidth, 'the key', 'write'), valid: check(v, 1, 'the valid bit', 'write'), en: m.guardNode(en) });
    },
    writeTernary(index, key, care, valid = 1, en) {
      if (!ternary) m.fail('bad CAM write', key.label, `CAM ${cam.name} is not ternary: declare it with { ternary: true }, or use write()`);
      const v = typeof valid === 'number' ? m.lit(valid, uint(1)) : valid;
      const k = check(key, keyWidth, 'the key', 'writeTernary');
      const c = check(care, keyWidth, 'the care mask', 'writeTernary');
      cam.writePorts.push({ index: check(index, indexBits, 'the index', 'writeTernary'), key: k, care: c, valid: check(v, 1, 'the valid bit', 'writeTernary'), en: m.guardNode(en) });
    },
    invalidate(index, en) {
      cam.writePorts.push({ index: check(index, indexBits, 'the index', 'invalidate'), key: null, valid: m.lit(0, uint(1)).id, en: m.guardNode(en) });
    },
    match: (key, o = {}) => matchNode(key, o.mask, 'match'),
    search(key, o = {}) {
      const match = matchNode(key, o.mask, 'search');
      const e = priorityEncode(match, { priority: o.priority ?? 'lowest' });
      return { match, hit: e.valid.named(`${cam.name}_hit`), index: e.index.named(`${cam.name}_hit_index`) };
    },
    key(index) {
      return named(m.addNode({ op: 'camread', cam: at, index: check(index, indexBits, 'the index', 'key') }, keyWidth, { kind: 'uint' }), 'key', keyWidth);
    },
    valid() {
      return named(m.addNode({ op: 'camvalid', cam: at }, entries, { kind: 'uint' }), 'valid', entries);
    },
  };
}
