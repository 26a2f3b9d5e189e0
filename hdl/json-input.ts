// The one reader of every JSON file gfxrtl reads (stimulus, meshes, scenes,
// knobs and calibration files, sweep manifests, micro-architecture records).
// Strict where JSON.parse is lenient and silent where it should speak:
// - iterative, so no nesting depth overflows the stack;
// - a key given twice, and the keys __proto__, constructor and prototype,
//   are refused (JSON.parse keeps the last duplicate and treats __proto__
//   specially);
// - a number a double cannot hold as written (an integer beyond 2^53, a
//   fraction lost in rounding, beyond the double range) is refused with
//   advice to write a decimal string;
// - invalid escapes, raw control characters, invalid UTF-8 and UTF-16 files
//   are refused at their line and column;
// - every error names the file, line, column and field ("cycles[3].en").
// Values are then checked field by field through JsonDoc (object with its
// keys listed, int, number, array with bounds), each failure at its place.
// It lives in hdl/ because every layer reads input files and may import hdl/.
//
// Why not a schema library (valibot, zod): their issues carry a path but no
// line or column, their messages ("Invalid key: Expected never but received
// ...") list neither the valid keys nor the valid range without a custom
// message per field, and the JSON still has to be parsed strictly first.
// The checks below are the messages; a library would add code, not remove it.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UserError } from './errors.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** Largest input file read (a mesh of about 3 million triangles); a device
 *  or pipe that goes on (/dev/zero) is refused once past it. */
export const MAX_INPUT_BYTES = 256 * 2 ** 20;

/** Keys that would reach an object's prototype in JavaScript. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export class JsonInputError extends UserError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}:${line}:${column}${field ? ` (${field})` : ''}: ${detail}`);
    this.name = 'JsonInputError';
  }
}

/** A path to a value: built only when an error needs it. */
export type FieldPath = string | (() => string);

const pathText = (p: FieldPath): string => (typeof p === 'string' ? p : p());

/** "a.b[3].c" from segments. */
function joinPath(segments: readonly (string | number)[]): string {
  let s = '';
  for (const x of segments) s += typeof x === 'number' ? `[${x}]` : s === '' ? x : `.${x}`;
  return s;
}

/** Where `field` is appended to `base` ("cycles[3]" + "en"). */
export function childPath(base: string, key: string | number): string {
  return typeof key === 'number' ? `${base}[${key}]` : base === '' ? key : `${base}.${key}`;
}

function lineCol(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let k = 0; k < pos && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      last = k;
    }
  }
  return { line, column: pos - last };
}

function showChar(c: number): string {
  return c < 0x20 || c === 0x7f ? `U+${c.toString(16).toUpperCase().padStart(4, '0')}` : `'${String.fromCharCode(c)}'`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.(\d+))?([eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class ParseFail {
  constructor(
    readonly pos: number,
    readonly path: string,
    readonly detail: string,
  ) {}
}

interface ParseResult {
  value: Json;
  /** Paths of integer-valued numbers not written as plain decimals (1e3, 2.0). */
  notDecimal: Set<string>;
  /** With a target path: where its value starts. */
  found: number | null;
}

/**
 * The parser, as a loop over an explicit stack. With `target`, it stops at
 * the start of that path's value (how an error finds its line and column
 * without recording every value's position on the way).
 */
function parse(text: string, target?: string): ParseResult {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const segs: (string | number)[] = [];
  const stack: (Json[] | JsonObject)[] = [];
  const notDecimal = new Set<string>();
  const fail = (detail: string, at = i): never => {
    throw new ParseFail(at, joinPath(segs), detail);
  };
  const ws = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    let out = '';
    let run = i;
    for (;;) {
      if (i >= n) fail('unterminated string (no closing ")', start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(run, i);
        i++;
        return out;
      }
      if (c < 0x20) fail(`raw control character ${showChar(c)} inside a string; write it as an escape (\\t, \\n, \\u00XX)`);
      if (c === 92) {
        out += text.slice(run, i);
        const e = text.charAt(i + 1);
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(`invalid escape \\u${hex}; \\u takes four hex digits`);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e in ESCAPES) {
          out += ESCAPES[e];
          i += 2;
        } else {
          fail(`invalid escape \\${e === '' ? '' : e}; JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`);
        }
        run = i;
        continue;
      }
      i++;
    }
  };
  const scalar = (): Json => {
    const c = text.charCodeAt(i);
    if (c === 34) return str();
    if (c === 116 && text.startsWith('true', i)) return (i += 4), true;
    if (c === 102 && text.startsWith('false', i)) return (i += 5), false;
    if (c === 110 && text.startsWith('null', i)) return (i += 4), null;
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m === null) return fail(i >= n ? 'unexpected end of file (is it cut short?)' : `unexpected character ${showChar(c)}`);
    const word = m[0];
    const v = Number(word);
    if (!Number.isFinite(v)) fail(`${word} is too large for a JSON number (a double)`);
    if (m[1] === undefined && m[2] === undefined && Math.abs(v) > Number.MAX_SAFE_INTEGER) fail(`${word} is beyond 2^53 and cannot be held exactly in a JSON number; write it as a decimal string, e.g. "${word}"`);
    const frac = m[1];
    if ((frac !== undefined || m[2] !== undefined) && Number.isInteger(v)) {
      if (frac !== undefined && m[2] === undefined && /[1-9]/.test(frac)) fail(`${word} has more digits than a JSON number (a double) holds (it reads as ${v}); write it as a decimal string`);
      notDecimal.add(joinPath(segs));
    }
    i += word.length;
    return v;
  };
  // Expecting a value (at `segs`); then attach it to the container on top.
  let value: Json = null;
  for (;;) {
    ws();
    if (target !== undefined && joinPath(segs) === target) return { value: null, notDecimal, found: i };
    const c = text.charCodeAt(i);
    let complete = true;
    if (c === 123 || c === 91) {
      i++;
      ws();
      const close = c === 123 ? 125 : 93;
      if (text.charCodeAt(i) === close) {
        i++;
        value = c === 123 ? {} : [];
      } else {
        stack.push(c === 123 ? {} : []);
        if (c === 91) segs.push(0);
        else segs.push(key(stack[stack.length - 1] as JsonObject, false));
        complete = false;
      }
    } else value = scalar();
    while (complete) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        ws();
        if (i < n) fail('unexpected text after the JSON value');
        return { value, notDecimal, found: null };
      }
      const seg = segs[segs.length - 1]!;
      if (Array.isArray(top)) top.push(value);
      else top[seg as string] = value;
      ws();
      const d = text.charCodeAt(i);
      if (d === 44) {
        i++;
        if (Array.isArray(top)) segs[segs.length - 1] = top.length;
        else {
          ws();
          segs[segs.length - 1] = key(top, true);
        }
        complete = false;
      } else if (d === (Array.isArray(top) ? 93 : 125)) {
        i++;
        stack.pop();
        segs.pop();
        value = top;
      } else fail(i >= n ? 'unexpected end of file (is it cut short?)' : `expected ',' or '${Array.isArray(top) ? ']' : '}'}', found ${showChar(d)}`);
    }
  }

  /** A key and its ':' (`i` at its opening quote); checked against the
   *  object so far. `replacing`: the last segment is the previous key. */
  function key(obj: JsonObject, replacing: boolean): string {
    ws();
    if (text.charCodeAt(i) !== 34) fail(i >= n ? 'unexpected end of file (is it cut short?)' : `expected a quoted key, found ${showChar(text.charCodeAt(i))}`);
    const at = i;
    const k = str();
    const here = (): string => joinPath([...(replacing ? segs.slice(0, -1) : segs), k]);
    if (FORBIDDEN_KEYS.has(k)) throw new ParseFail(at, here(), `key "${k}" is not allowed (it names a JavaScript object's prototype)`);
    if (Object.prototype.hasOwnProperty.call(obj, k)) throw new ParseFail(at, here(), `duplicate key "${k}" (each key may appear once in an object)`);
    ws();
    if (text.charCodeAt(i) !== 58) fail(`expected ':' after key "${k}"`);
    i++;
    return k;
  }
}

/** A parsed JSON file and the checks that report a bad value at its place. */
export class JsonDoc {
  constructor(
    readonly value: Json,
    readonly file: string,
    private readonly text: string,
    private readonly notDecimal: ReadonlySet<string>,
  ) {}

  /** 1-based line and column of `path`'s value (the file's start if absent). */
  where(path: string): { line: number; column: number } {
    if (path === '') return lineCol(this.text, this.text.charCodeAt(0) === 0xfeff ? 1 : 0);
    try {
      const r = parse(this.text, path);
      if (r.found !== null) return lineCol(this.text, r.found);
    } catch {
      // the text parsed once already; nothing to find
    }
    return { line: 1, column: 1 };
  }

  fail(path: FieldPath, detail: string): never {
    const p = pathText(path);
    const w = this.where(p);
    throw new JsonInputError(this.file, w.line, w.column, p, detail);
  }

  /** An object with only `required` and `optional` keys, the required all present. */
  object(path: FieldPath, v: Json, keys: { required?: readonly string[]; optional?: readonly string[] }, what = 'an object'): JsonObject {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return this.fail(path, `expected ${what}, got ${show(v)}`);
    const req = keys.required ?? [];
    const all = [...req, ...(keys.optional ?? [])];
    for (const k of Object.keys(v)) {
      if (!all.includes(k)) this.fail(() => childPath(pathText(path), k), `unknown key "${k}"; valid keys: ${all.join(', ') || '(none)'}`);
    }
    for (const k of req) if (!(k in v)) this.fail(path, `missing key "${k}" (${what} needs ${req.map((r) => `"${r}"`).join(', ')})`);
    return v;
  }

  /** An array of `min`..`max` entries. */
  array(path: FieldPath, v: Json, bounds: { min?: number; max?: number; what?: string } = {}): Json[] {
    const what = bounds.what ?? 'an array';
    if (!Array.isArray(v)) return this.fail(path, `expected ${what}, got ${show(v)}`);
    const min = bounds.min ?? 0;
    const max = bounds.max ?? Infinity;
    if (v.length < min || v.length > max) {
      const want = min === max ? `exactly ${min}` : max === Infinity ? `at least ${min}` : `${min}..${max}`;
      this.fail(path, `${what} with ${v.length} entries; expected ${want}`);
    }
    return v;
  }

  /** An integer in [min, max], written as a plain decimal (not 1e3 or 2.0). */
  int(path: FieldPath, v: Json, min: number, max: number, what = 'an integer'): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      return this.fail(path, `${show(v)} is not valid; expected ${what} in ${min}..${max}`);
    }
    if (this.notDecimal.size > 0 && this.notDecimal.has(pathText(path))) this.fail(path, `${v} is an integer written with a fraction or exponent; write it as the plain decimal ${v}`);
    return v;
  }

  /** A finite number in [min, max] (above min when `above`). */
  number(path: FieldPath, v: Json, min: number, max: number, opts: { above?: boolean; what?: string } = {}): number {
    const ok = typeof v === 'number' && (opts.above ? v > min : v >= min) && v <= max;
    if (!ok) return this.fail(path, `${show(v)} is not valid; expected ${opts.what ?? 'a number'} ${opts.above ? `> ${min}` : `>= ${min}`} and <= ${max}`);
    return v;
  }

  /** A string, one of `values` when given. */
  string(path: FieldPath, v: Json, values?: readonly string[]): string {
    if (typeof v !== 'string') return this.fail(path, `expected a string${values ? ` (${values.join(' | ')})` : ''}, got ${show(v)}`);
    if (values !== undefined && !values.includes(v)) this.fail(path, `${show(v)} is not valid; allowed: ${values.join(' | ')}`);
    return v;
  }

  bool(path: FieldPath, v: Json): boolean {
    if (typeof v !== 'boolean') return this.fail(path, `expected true or false, got ${show(v)}`);
    return v;
  }

  /** Was the integer at `path` written as a plain decimal? */
  isDecimal(path: string): boolean {
    return !this.notDecimal.has(path);
  }
}

/** A value as it appears in a message, shortened. */
export function show(v: unknown): string {
  // Shallow: a value nested thousands deep must not overflow the stack here.
  const one = (x: unknown): string => (Array.isArray(x) ? '[...]' : x !== null && typeof x === 'object' ? '{...}' : x === undefined ? 'nothing' : (JSON.stringify(x) ?? String(x)));
  const t = Array.isArray(v)
    ? `[${v.slice(0, 4).map(one).join(',')}${v.length > 4 ? ',...' : ''}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v).slice(0, 3).map((k) => `${JSON.stringify(k)}:${one((v as Record<string, unknown>)[k])}`).join(',')}${Object.keys(v).length > 3 ? ',...' : ''}}`
      : one(v);
  return t.length > 40 ? `${t.slice(0, 37)}...` : t;
}

/** Parse `text` (the contents of `file`) strictly. */
export function parseJson(text: string, file: string): JsonDoc {
  try {
    const r = parse(text);
    return new JsonDoc(r.value, file, text, r.notDecimal);
  } catch (e) {
    if (!(e instanceof ParseFail)) throw e;
    const w = lineCol(text, e.pos);
    throw new JsonInputError(file, w.line, w.column, e.path, e.detail);
  }
}

/** The first byte that is not part of valid UTF-8, or -1. */
function firstInvalidUtf8(b: Uint8Array): number {
  for (let k = 0; k < b.length; ) {
    const c = b[k]!;
    const len = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (len === 0 || k + len > b.length) return k;
    for (let j = 1; j < len; j++) if ((b[k + j]! & 0xc0) !== 0x80) return k;
    k += len;
  }
  return -1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of an input file as UTF-8, refused (naming the file) when it is
 *  a directory, larger than MAX_INPUT_BYTES, UTF-16 or not valid UTF-8.
 *  Reads devices and pipes (process substitution) up to the limit. */
export function readInputText(file: string, maxBytes = MAX_INPUT_BYTES): string {
  const fd = openSync(file, 'r');
  let buf: Buffer;
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new UserError(`cannot open ${file}: is a directory, a file is needed`);
    if (st.isFile() && st.size > maxBytes) throw new UserError(`${file}: ${st.size} bytes is larger than the ${maxBytes} bytes gfxrtl reads from one input file`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      const got = readSync(fd, chunk, 0, chunk.length, null);
      if (got === 0) break;
      chunks.push(chunk.subarray(0, got));
      total += got;
      if (total > maxBytes) throw new UserError(`${file}: more than the ${maxBytes} bytes gfxrtl reads from one input file`);
    }
    buf = Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) throw new UserError(`${file}: is UTF-16 text; save it as UTF-8`);
  try {
    return utf8.decode(buf);
  } catch {
    const bad = Math.max(firstInvalidUtf8(buf), 0);
    const prefix = buf.subarray(0, bad).toString('utf8');
    const w = lineCol(prefix, prefix.length);
    throw new JsonInputError(file, w.line, w.column, '', `byte 0x${(buf[bad] ?? 0).toString(16)} is not valid UTF-8 (is this a binary file, or text in another encoding?)`);
  }
}

/** Read and parse a JSON input file strictly (see the header). */
export function readJsonFile(file: string): JsonDoc {
  return parseJson(readInputText(file), file);
}
