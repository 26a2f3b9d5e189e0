// A canonical text of plain data (netlists, configs): keys sorted, bigints
// marked, source locations left out (they say where the user wrote a node,
// not what it computes, and reading one parses a stack). Equal texts mean
// equal data, so its digest can key a cache of what the data determines.
//
// It keys the simulator's code cache, so it runs over every flat netlist a
// sweep compiles (every node's fields): in `npm start` it was about 9 s of
// CPU (a --cpu-prof of every thread at 9c7085c), nearly all of it sorting
// each node's keys and quoting them again. Objects built alike have their
// keys in the same order, so the sorted, quoted keys are kept per key list
// (found by the list's last key, then checked key by key: never trusted on
// a lookalike), and the text is one string grown in place. A Blur netlist
// (1.45 MB of text) took 170-190 ms before, 22-31 ms so (bench/canonical-text.ts).
import { ParamError } from './errors.js';

/** A key list as Object.keys gave it, and its keys sorted, each already written `"key":`. */
interface SortedKeys {
  readonly keys: readonly string[];
  readonly sorted: readonly string[];
  readonly quoted: readonly string[];
}

/** Sorted key lists, by their last key: a handful of shapes cover a netlist's nodes. */
const sortedKeys = new Map<string, SortedKeys[]>();
const SHAPES_KEPT = 64;
const LAST_KEYS_KEPT = 4096;

function sortedOf(keys: string[]): SortedKeys {
  const last = keys.length > 0 ? keys[keys.length - 1]! : '';
  let shapes = sortedKeys.get(last);
  if (shapes === undefined) {
    // Records keyed by names bring ever new last keys: the memory stays bounded.
    if (sortedKeys.size >= LAST_KEYS_KEPT) sortedKeys.clear();
    sortedKeys.set(last, (shapes = []));
  }
  for (const s of shapes) if (sameKeys(s.keys, keys)) return s;
  const sorted = [...keys].sort();
  const entry: SortedKeys = { keys, sorted, quoted: sorted.map((k) => `${JSON.stringify(k)}:`) };
  // Data with ever new key lists (records keyed by names) keeps only the latest few.
  if (shapes.length >= SHAPES_KEPT) shapes.shift();
  shapes.push(entry);
  return entry;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function canonicalText(value: unknown): string {
  let out = '';
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) out += 'null';
    else if (typeof v === 'number') out += Number.isFinite(v) ? String(v) : 'null'; // as JSON writes numbers
    else if (typeof v === 'string') out += JSON.stringify(v);
    else if (typeof v === 'boolean') out += v ? 'true' : 'false';
    else if (typeof v === 'bigint') out += `${v}n`; // unquoted: never a string's text
    else if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out += ',';
        walk(v[i]);
      }
      out += ']';
    } else if (v instanceof Map) {
      // Entries in insertion order: a Map's order is part of what it holds.
      out += 'M';
      walk([...v.entries()]);
    } else if (v instanceof Set) {
      out += 'S';
      walk([...v.values()]);
    } else if (ArrayBuffer.isView(v)) {
      out += `<${Array.from(v as unknown as ArrayLike<number>).join(',')}>`;
    } else if (typeof v === 'object') {
      out += '{';
      let first = true;
      const { sorted, quoted } = sortedOf(Object.keys(v));
      for (let i = 0; i < sorted.length; i++) {
        const k = sorted[i]!;
        if (k === 'loc') continue;
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += quoted[i]!;
        walk(x);
      }
      out += '}';
    } else throw new ParamError('value', typeof v, 'plain data (no functions or symbols)', { message: `canonicalText: cannot write a ${typeof v}` });
  };
  walk(value);
  return out;
}
