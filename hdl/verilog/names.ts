// Verilog identifiers from DSL names. DSL names are kept wherever they are
// legal, because the point of readable Verilog is that an engineer can find
// `span_x` in the waveform viewer; only characters Verilog cannot take are
// replaced, and collisions are broken by a numeric suffix in a fixed order
// (ports first, then state, then named wires by node id), so the same design
// always prints the same names.
import { RESERVED_WORDS } from './keywords.js';

/** A legal, non-reserved Verilog identifier as close to `raw` as possible. */
export function sanitizeIdentifier(raw: string): string {
  let s = raw.replace(/[^A-Za-z0-9_$]/g, '_');
  // `$` is legal inside identifiers but reads like a system task; drop it.
  s = s.replace(/\$/g, '_');
  if (s.length === 0) s = '_';
  if (/^[0-9]/.test(s)) s = `_${s}`;
  if (RESERVED_WORDS.has(s)) s = `${s}_`;
  return s;
}

/** Allocates unique identifiers within one Verilog scope. */
export class NameTable {
  private readonly taken = new Set<string>();

  constructor(
    reserved: Iterable<string> = [],
    /** Compare names case-insensitively (module names become file names). */
    private readonly foldCase = false,
  ) {
    for (const r of reserved) this.taken.add(this.key(r));
  }

  /** Claim the sanitised form of `raw`, suffixed `_1`, `_2`, ... if taken. */
  claim(raw: string): string {
    const base = sanitizeIdentifier(raw);
    let name = base;
    for (let i = 1; this.taken.has(this.key(name)); i++) name = `${base}_${i}`;
    this.taken.add(this.key(name));
    return name;
  }

  private key(name: string): string {
    return this.foldCase ? name.toLowerCase() : name;
  }
}
