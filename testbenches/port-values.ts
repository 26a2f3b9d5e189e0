// A port's natural values in stimulus files and sim output: a signed port
// takes -5, a fixed-point port takes -1.25 (exact, on its 2^-frac grid),
// both as JSON numbers or decimal strings; "0x.." hex is always the raw
// bit pattern (two's complement). Outputs are shown raw and, for signed and
// fixed-point ports, as the exact decimal value beside it. Written apart
// from the HDL's own fixed-point helpers: this is the user's side of the port.
import type { DisplayFormat } from '../hdl/ir.js';
import type { Json } from '../hdl/json-input.js';

/** Raw bits of `v` for a port, or an error text saying what would be valid. */
export function portBits(v: Json, width: number, display: DisplayFormat | undefined): bigint | string {
  const fmt = display ?? { kind: 'uint' };
  if (fmt.kind === 'enum' && typeof v === 'string' && fmt.names.includes(v)) return BigInt(fmt.names.indexOf(v));
  const frac = fmt.kind === 'fixed' ? fmt.fracBits : 0;
  const signed = fmt.kind === 'sint' || (fmt.kind === 'fixed' && fmt.signed);
  const lo = signed ? -(1n << BigInt(width - 1)) : 0n;
  const hi = signed ? (1n << BigInt(width - 1)) - 1n : (1n << BigInt(width)) - 1n;
  const what = fmt.kind === 'fixed' ? `${signed ? 's' : 'u'}fixed ${fmt.intBits}.${frac}` : signed ? 'signed' : 'unsigned';
  const valid = `${what}: ${decimal(lo, frac)}..${decimal(hi, frac)}${frac > 0 ? ` in steps of 2^-${frac}` : ''} as a number or decimal string, or "0x..." raw bits`;
  if (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v)) {
    const raw = BigInt(v);
    return raw < 1n << BigInt(width) ? raw : `raw value ${v} does not fit ${width} bits`;
  }
  let scaled: bigint | null = null;
  if (typeof v === 'number') {
    const s = v * 2 ** frac; // exact: scaling a double by a power of two
    scaled = Number.isSafeInteger(s) ? BigInt(s) : null;
  } else if (typeof v === 'string') {
    scaled = scaleDecimal(v, frac);
  }
  if (scaled === null) return `value ${JSON.stringify(v)} is not a value of this port (${valid})`;
  if (scaled < lo || scaled > hi) return `value ${JSON.stringify(v)} is out of range (${valid})`;
  return scaled < 0n ? scaled + (1n << BigInt(width)) : scaled;
}

/** "-1.25" times 2^frac, or null when not a decimal or not on the grid. */
function scaleDecimal(text: string, frac: number): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const digits = m[3] ?? '';
  const num = BigInt(`${m[2]}${digits}`) << BigInt(frac);
  const den = 10n ** BigInt(digits.length);
  if (num % den !== 0n) return null;
  return m[1] === '-' ? -(num / den) : num / den;
}

/** Exact decimal of raw / 2^frac (a binary fraction always ends in decimal). */
function decimal(raw: bigint, frac: number): string {
  if (frac === 0) return raw.toString();
  const neg = raw < 0n;
  const a = neg ? -raw : raw;
  const scaled = a * 5n ** BigInt(frac); // a / 2^f = a * 5^f / 10^f
  const s = scaled.toString().padStart(frac + 1, '0');
  const int = s.slice(0, s.length - frac);
  const f = s.slice(s.length - frac).replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${f ? `.${f}` : ''}`;
}

/** The natural value of raw port bits as an exact decimal string, or null
 *  for a plain unsigned port (its raw value is its value). */
export function naturalValue(bits: bigint, width: number, display: DisplayFormat | undefined): string | null {
  if (display === undefined || display.kind === 'uint') return null;
  if (display.kind === 'enum') return display.names[Number(bits)] ?? bits.toString();
  const signed = display.kind === 'sint' || display.signed;
  const raw = signed && bits >= 1n << BigInt(width - 1) ? bits - (1n << BigInt(width)) : bits;
  return decimal(raw, display.kind === 'fixed' ? display.fracBits : 0);
}
