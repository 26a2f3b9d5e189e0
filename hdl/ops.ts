// Free-standing operators that take several signals.
import { sameScalarType, formatName, uint } from './types.js';
import { displayOf, Signal, UInt, type Literal } from './signal.js';
import { ParamError } from './errors.js';

/** sel ? whenTrue : whenFalse. Both arms have one type; either may be a
 *  plain number, which becomes a constant of the other arm's type (it must
 *  fit it, as for `set`). */
export function mux<S extends Signal>(sel: UInt, whenTrue: S | Literal, whenFalse: S | Literal): S {
  return muxN(sel, [whenFalse, whenTrue]);
}

/** cases[sel]; a selector past the last case selects the last case. Plain
 *  numbers become constants of the signals' type; at least one case must
 *  be a signal, which gives that type. */
export function muxN<S extends Signal>(sel: UInt, given: readonly (S | Literal)[]): S {
  const typed = given.find((c): c is S => c instanceof Signal);
  if (typed === undefined) {
    return sel.owner.fail('type mismatch', sel.label, given.length === 0 ? 'mux: no cases' : `mux of plain numbers only (${given.join(', ')}): give one case a type, e.g. m.lit(${String(given[0])}, uint(w))`);
  }
  const cases = given.map((c) => (c instanceof Signal ? c : (typed.coerce(c, 'mux') as S)));
  const first = cases[0]!;
  const o = first.owner;
  if (sel.owner !== o) o.fail('signal used outside its module', sel.label, `mux select ${sel.label} belongs to module ${sel.owner.moduleName}`);
  for (const c of cases) {
    if (c.owner !== o) o.fail('signal used outside its module', c.label, `mux input ${c.label} belongs to module ${c.owner.moduleName}`);
    if (!sameScalarType(c.type, first.type)) {
      o.fail('type mismatch', c.label, `mux inputs must have one type: ${first.label} is ${formatName(first.type)}, ${c.label} is ${formatName(c.type)}`);
    }
  }
  if (cases.length > 2 ** sel.width) o.fail('width mismatch', sel.label, `a ${sel.width}-bit select reaches ${2 ** sel.width} cases, got ${cases.length}`);
  if (cases.length === 1) return first;
  return first.withNode(o.addNode({ op: 'mux', sel: sel.id, cases: cases.map((c) => c.id) }, first.width, displayOf(first.type)));
}

/** Concatenation, first argument most significant. */
export function cat(...parts: Signal[]): UInt {
  const head = parts[0];
  if (head === undefined) throw new ParamError('parts', 0, 'at least one signal', { message: 'cat: nothing to concatenate' });
  const o = head.owner;
  for (const p of parts) if (p.owner !== o) o.fail('signal used outside its module', p.label, `cat: ${p.label} belongs to module ${p.owner.moduleName}`);
  const w = parts.reduce((s, p) => s + p.width, 0);
  return new UInt(o, o.addNode({ op: 'concat', parts: parts.map((p) => p.id) }, w, { kind: 'uint' }), uint(w));
}
