// Names for the several elaborated variants of one module definition: the
// parameters that tell them apart, in the name (`RadixPass_shift0`,
// `RadixPass_shift3`, `Leaf_w4`), so Verilog files and module lists read
// like the configs that made them. Parameters every variant shares are left
// out. Values are printed as identifiers: `-` becomes `m`, `.` becomes `p`,
// true/false become on/off, other characters `_`. A name longer than
// MAX_NAME falls back to the definition name and a 6-hex-digit hash of the
// config, and a clash (two configs printing alike) gets `_2`, `_3`, ....
import type { ModuleIR } from './ir.js';

const MAX_NAME = 60;

/** Renames every variant of a definition that has more than one (the top keeps its name). */
export function nameVariants(modules: ModuleIR[], configOf: (m: ModuleIR) => unknown, configKeyOf: (m: ModuleIR) => string, top: ModuleIR): void {
  const byName = new Map<string, ModuleIR[]>();
  for (const m of modules) byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
  const used = new Set(modules.map((m) => m.name));
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    const flat = group.map((m) => flatten(configOf(m)));
    const paths = [...new Set(flat.flatMap((f) => [...f.keys()]))];
    const differing = paths.filter((p) => new Set(flat.map((f) => f.get(p) ?? '')).size > 1);
    group.forEach((m, i) => {
      if (m === top) return;
      const f = flat[i]!;
      let n = [name, ...differing.map((p) => `${p}${f.get(p) ?? 'none'}`)].join('_');
      if (n.length > MAX_NAME || differing.length === 0) n = `${name}_${shortHash(configKeyOf(m))}`;
      let unique = n;
      for (let k = 2; used.has(unique); k++) unique = `${n}_${k}`;
      used.add(unique);
      m.name = unique;
    });
  }
}

/** Scalar leaves of a config by identifier-safe path (`fmt_int` for cfg.fmt.int). */
function flatten(cfg: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, path: string): void => {
    if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
      for (const [k, x] of entries) walk(x, path ? `${path}_${ident(k)}` : ident(k));
    } else out.set(path, value(v));
  };
  walk(cfg, '');
  return out;
}

function value(v: unknown): string {
  if (v === true) return 'on';
  if (v === false) return 'off';
  if (v === undefined || v === null) return 'none';
  return ident(String(v).replace(/-/g, 'm').replace(/\./g, 'p'));
}

function ident(s: string): string {
  return s.replace(/[^A-Za-z0-9_]/g, '_');
}

function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0').slice(0, 6);
}
