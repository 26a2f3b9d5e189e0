// A canonical text of plain data (netlists, configs): keys sorted, bigints
// marked, source locations left out (they say where the user wrote a node,
// not what it computes, and reading one parses a stack). Equal texts mean
// equal data, so its digest can key a cache of what the data determines.
import { ParamError } from './errors.js';

export function canonicalText(value: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) parts.push('null');
    else if (typeof v === 'bigint') parts.push(`${v}n`); // unquoted: never a string's text
    else if (typeof v === 'number' || typeof v === 'boolean') parts.push(JSON.stringify(v));
    else if (typeof v === 'string') parts.push(JSON.stringify(v));
    else if (Array.isArray(v)) {
      parts.push('[');
      v.forEach((x, i) => {
        if (i > 0) parts.push(',');
        walk(x);
      });
      parts.push(']');
    } else if (v instanceof Map) {
      // Entries in insertion order: a Map's order is part of what it holds.
      parts.push('M');
      walk([...v.entries()]);
    } else if (v instanceof Set) {
      parts.push('S');
      walk([...v.values()]);
    } else if (ArrayBuffer.isView(v)) {
      parts.push(`<${Array.from(v as unknown as ArrayLike<number>).join(',')}>`);
    } else if (typeof v === 'object') {
      parts.push('{');
      let first = true;
      for (const k of Object.keys(v).sort()) {
        if (k === 'loc') continue;
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined) continue;
        if (!first) parts.push(',');
        first = false;
        parts.push(JSON.stringify(k), ':');
        walk(x);
      }
      parts.push('}');
    } else throw new ParamError('value', typeof v, 'plain data (no functions or symbols)', { message: `canonicalText: cannot write a ${typeof v}` });
  };
  walk(value);
  return parts.join('');
}
