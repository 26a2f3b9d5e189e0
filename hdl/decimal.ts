// The one way gfxrtl reads an integer from text (options, config values,
// workload parameters, spec lists, environment variables): an optional
// minus and decimal digits, nothing else. '0x10', '1e3', '1.0', ' 7', '' and
// '+5' are refused everywhere alike, so no value means 16 in one place and
// is refused in another. Numbers that may have a fraction use
// decimalNumber: digits with an optional fraction, no hex, no exponent,
// no Infinity.

/** `text` as a safe integer, or null when it is not written as one. */
export function decimalInteger(text: string): number | null {
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** `text` as a finite decimal number (4096, 0.54, -1.25), or null. */
export function decimalNumber(text: string): number | null {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
