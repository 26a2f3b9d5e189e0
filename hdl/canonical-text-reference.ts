// canonicalText written plainly (keys sorted per object, parts joined at the
// end): what the fast one (canonical-text.ts) must equal. The test's oracle
// and the benchmark's baseline (bench/canonical-text.ts); nothing else uses it.
import { ParamError } from './errors.js';

export function canonicalTextReference(value: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) parts.push('null');
    else if (typeof v === 'bigint') parts.push(`${v}n`);
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
