// Bus labels: raw bits -> text a person reads, and back (the WaveJSON
// round-trip check parses labels, so every radix must be invertible; only an
// explicit fracDigits rounding loses information).
import type { DisplayFormat } from '../hdl/ir.js';
import { ParamError } from '../hdl/errors.js';

/** 'auto' follows the signal's DisplayFormat (uint: hex, sint: signed decimal,
 *  fixed: fixed-point decimal). 'hex' and 'dec' force a radix; 'dec' is signed
 *  for sint and signed fixed displays, unsigned otherwise. */
export type Radix = 'auto' | 'hex' | 'dec';

export interface LabelOptions {
  radix?: Radix;
  /** Round fixed-point labels to this many decimals (default: exact). */
  fracDigits?: number;
}

type Kind = 'hex' | 'udec' | 'sdec' | 'fixed' | 'enum';

function labelKind(display: DisplayFormat | undefined, radix: Radix): Kind {
  const signed = display?.kind === 'sint' || (display?.kind === 'fixed' && display.signed);
  if (radix === 'hex') return 'hex';
  if (radix === 'dec') return signed ? 'sdec' : 'udec';
  if (display?.kind === 'sint') return 'sdec';
  if (display?.kind === 'fixed') return 'fixed';
  if (display?.kind === 'enum') return 'enum';
  return 'hex';
}

function toSigned(bits: bigint, width: number): bigint {
  return bits >= 1n << BigInt(width - 1) ? bits - (1n << BigInt(width)) : bits;
}

function toBits(v: bigint, width: number): bigint {
  return v & ((1n << BigInt(width)) - 1n);
}

/** Exact decimal of v / 2^frac (2^-f has exactly f decimals), optionally
 *  rounded half away from zero to `digits` decimals; trailing zeros dropped. */
export function fixedToDecimal(v: bigint, frac: number, digits = frac): string {
  const n = BigInt(Math.min(Math.max(digits, 0), frac));
  const f = BigInt(frac);
  const mag = v < 0n ? -v : v;
  const num = mag * 10n ** n;
  let q = num >> f;
  if (2n * (num - (q << f)) >= 1n << f && f > 0n) q += 1n;
  const scale = 10n ** n;
  const int = q / scale;
  const fracDigits = (q % scale).toString().padStart(Number(n), '0').replace(/0+$/, '');
  const sign = v < 0n && q !== 0n ? '-' : '';
  return sign + int.toString() + (fracDigits ? '.' + fracDigits : '');
}

/** Label for a bus value (raw unsigned bits of `width`). */
export function formatValue(
  bits: bigint,
  width: number,
  display: DisplayFormat | undefined,
  opts: LabelOptions = {},
): string {
  switch (labelKind(display, opts.radix ?? 'auto')) {
    case 'hex':
      return '0x' + bits.toString(16);
    case 'udec':
      return bits.toString();
    case 'sdec':
      return toSigned(bits, width).toString();
    case 'fixed': {
      const d = display as Extract<DisplayFormat, { kind: 'fixed' }>;
      const v = d.signed ? toSigned(bits, width) : bits;
      return fixedToDecimal(v, d.fracBits, opts.fracDigits);
    }
    case 'enum':
      // A code with no name (an unused state encoding) shows as hex.
      return enumNames(display)[Number(bits)] ?? '0x' + bits.toString(16);
  }
}

function enumNames(display: DisplayFormat | undefined): string[] {
  return display?.kind === 'enum' ? display.names : [];
}

/** Inverse of formatValue (for exact labels); throws on text it cannot have made. */
export function parseLabel(
  label: string,
  width: number,
  display: DisplayFormat | undefined,
  radix: Radix = 'auto',
): bigint {
  const kind = labelKind(display, radix);
  const bad = (): Error => new Error(`label "${label}" is not a ${kind} value of ${width} bits`);
  let v: bigint;
  if (kind === 'enum') {
    const i = enumNames(display).indexOf(label);
    if (i >= 0) return BigInt(i);
  }
  if (kind === 'hex' || kind === 'enum') {
    if (!/^0x[0-9a-f]+$/.test(label)) throw bad();
    v = BigInt(label);
  } else if (kind === 'udec' || kind === 'sdec') {
    if (!/^-?[0-9]+$/.test(label)) throw bad();
    v = BigInt(label);
  } else {
    const m = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(label);
    if (!m) throw bad();
    const fracBits = (display as Extract<DisplayFormat, { kind: 'fixed' }>).fracBits;
    const decimals = m[3] ?? '';
    const scaled = BigInt(m[2]! + decimals) << BigInt(fracBits);
    const div = 10n ** BigInt(decimals.length);
    if (scaled % div !== 0n) throw new ParamError('label', label, 'a multiple of the fixed-point step', { message: `label "${label}" is not a multiple of 2^-${fracBits} (rounded?)` });
    v = m[1] ? -(scaled / div) : scaled / div;
  }
  const bits = toBits(v, width);
  const signed = kind === 'sdec' || (kind === 'fixed' && display?.kind === 'fixed' && display.signed);
  // Out-of-range text (e.g. 300 for 8 bits) would wrap silently otherwise.
  if ((signed ? toSigned(bits, width) : bits) !== v) throw bad();
  return bits;
}
