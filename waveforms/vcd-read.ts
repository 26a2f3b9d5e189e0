// A small, strict VCD reader: enough to re-read what vcd.ts writes (and what
// simple simulators write) and compare it with a Trace. It is stricter than
// the viewers on purpose: non-increasing timestamps, unknown identifiers and
// scopes left open are errors, because our writer must never produce them.
import { UserError } from '../hdl/errors.js';

export interface VcdVar {
  /** Scope names and the reference, dot-separated: `Top.u_fifo.count`. */
  path: string;
  width: number;
  id: string;
  type: string;
}

export interface VcdChange {
  time: number;
  id: string;
  /** Binary digits as written (0 1 x z), most significant first. */
  bits: string;
}

export interface VcdData {
  timescale: string;
  vars: VcdVar[];
  /** Every `#time` in order. */
  times: number[];
  changes: VcdChange[];
  /** `$var string` variables (enum names beside their buses) and their
   *  changes, kept apart so that `vars` stays all bit vectors. */
  stringVars: VcdVar[];
  stringChanges: { time: number; id: string; text: string }[];
}

function fail(msg: string): never {
  throw new UserError(`VCD: ${msg}`);
}

export function parseVcd(text: string): VcdData {
  const tok = text.split(/\s+/).filter((t) => t !== '');
  let p = 0;
  const upToEnd = (what: string): string[] => {
    const start = p;
    while (p < tok.length && tok[p] !== '$end') p++;
    if (p >= tok.length) fail(`${what} without $end`);
    return tok.slice(start, p++);
  };
  const data: VcdData = { timescale: '', vars: [], times: [], changes: [], stringVars: [], stringChanges: [] };
  const scopes: string[] = [];
  const ids = new Set<string>();

  // Declarations.
  for (;;) {
    const t = tok[p++];
    if (t === undefined) fail('no $enddefinitions');
    if (t === '$enddefinitions') {
      upToEnd(t);
      break;
    }
    const body = upToEnd(t);
    if (t === '$timescale') data.timescale = body.join('');
    else if (t === '$scope') {
      if (body.length !== 2) fail(`$scope needs a type and a name, got "${body.join(' ')}"`);
      scopes.push(body[1]!);
    } else if (t === '$upscope') {
      if (scopes.pop() === undefined) fail('$upscope without $scope');
    } else if (t === '$var') {
      const [type, w, id, ref] = body;
      const width = Number(w);
      // GTKWave's fst2vcd writes string variables with width 0.
      if (!type || !id || !ref || !Number.isInteger(width) || width < (type === 'string' ? 0 : 1)) fail(`bad $var "${body.join(' ')}"`);
      (type === 'string' ? data.stringVars : data.vars).push({ path: [...scopes, ref].join('.'), width, id, type });
      ids.add(id);
    } else if (!['$date', '$version', '$comment'].includes(t)) fail(`unknown declaration ${t}`);
  }
  if (scopes.length) fail(`scope ${scopes.join('.')} not closed`);

  // Value changes.
  let time = -1;
  const change = (bits: string, id: string | undefined): void => {
    if (id === undefined || !ids.has(id)) fail(`value change for unknown identifier ${id}`);
    if (time < 0) fail(`value change for ${id} before the first timestamp`);
    if (!/^[01xzXZ]+$/.test(bits)) fail(`bad value "${bits}" for ${id}`);
    data.changes.push({ time, id, bits: bits.toLowerCase() });
  };
  while (p < tok.length) {
    const t = tok[p++]!;
    if (t[0] === '#') {
      const next = Number(t.slice(1));
      if (!Number.isInteger(next) || next <= time) fail(`timestamp ${t} after #${time}`);
      time = next;
      data.times.push(time);
    } else if (t === '$comment') upToEnd(t);
    else if (['$dumpvars', '$dumpall', '$dumpon', '$dumpoff', '$end'].includes(t)) continue;
    else if (t[0] === 'b' || t[0] === 'B') change(t.slice(1), tok[p++]);
    else if (t[0] === 'r' || t[0] === 'R') fail(`real values are not supported (${t})`);
    else if (t[0] === 's' || t[0] === 'S') {
      const id = tok[p++];
      if (id === undefined || !data.stringVars.some((v) => v.id === id)) fail(`string value for unknown or non-string identifier ${id}`);
      data.stringChanges.push({ time, id, text: t.slice(1) });
    }
    else change(t[0]!, t.slice(1) || undefined);
  }
  return data;
}

/** Value of every variable at each of `times` (ascending), as unsigned bits.
 *  Throws for x/z bits or a variable without a value yet. */
export function valuesAt(data: VcdData, times: readonly number[]): Map<string, bigint[]> {
  const current = new Map<string, string>();
  const out = new Map<string, bigint[]>(data.vars.map((v) => [v.path, []]));
  let k = 0;
  for (const t of times) {
    while (k < data.changes.length && data.changes[k]!.time <= t) {
      const c = data.changes[k++]!;
      current.set(c.id, c.bits);
    }
    for (const v of data.vars) {
      const bits = current.get(v.id);
      if (bits === undefined) fail(`${v.path} has no value at time ${t}`);
      if (/[xz]/.test(bits)) fail(`${v.path} is ${bits} at time ${t}`);
      if (bits.length > v.width) fail(`${v.path} (${v.width} bits) has ${bits.length}-bit value ${bits}`);
      out.get(v.path)!.push(BigInt('0b' + bits));
    }
  }
  return out;
}
