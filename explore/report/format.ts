// Number formatting for report tables: fixed significant digits, and the
// unit conversions the tables use (pJ, mW, GHz, G ops/s).
import { formatValue } from '../sweep/spec.js';
import type { ParamValue } from '../sweep/types.js';

/** `x` to `digits` significant digits, as text. */
export function sig(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e6 || a < 1e-3) return x.toExponential(digits - 1);
  return Number(x.toPrecision(digits)).toString();
}

export const pj = (j: number): string => sig(j * 1e12);
export const mw = (w: number): string => sig(w * 1e3);
export const ghz = (hz: number): string => sig(hz / 1e9);
export const giga = (x: number): string => sig(x / 1e9);

export function param(v: ParamValue | undefined): string {
  return v === undefined ? '—' : formatValue(v);
}

/** A Markdown table; numeric columns right-aligned unless `align` says otherwise. */
export function mdTable(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  // Numbers right-aligned, text left: decided per column from its cells.
  const numeric = (s: string): boolean => s === '—' || /^-?[\d.]+(e[+-]?\d+)?$/.test(s);
  const a = align ?? header.map((_, i) => (rows.length > 0 && rows.every((r) => numeric(r[i] ?? '')) ? 'r' : 'l'));
  const esc = (s: string): string => s.replaceAll('|', '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `| ${a.map((x) => (x === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}
