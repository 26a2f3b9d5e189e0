// Unit configuration schemas: every unit declares its keys, the values each
// may take and the defaults, so the CLI can list them and reject a bad
// `--config k=v,...` with an error that says what would be valid.
import { decimalInteger } from '../hdl/decimal.js';
import { UserError } from '../hdl/errors.js';

/** One config key: an int range, an enum of strings or a bool, with its default and what it means. */
export type ParamSpec =
  | { kind: 'int'; min: number; max: number; default: number; doc: string }
  | { kind: 'enum'; values: readonly string[]; default: string; doc: string }
  | { kind: 'bool'; default: boolean; doc: string };

/** A unit's config keys (`--config k=v,...`), each with its allowed values and default. */
export type Schema = Record<string, ParamSpec>;

/** The typed config a schema describes: ints as numbers, enums as their string values, bools as booleans. */
export type ConfigOf<S extends Schema> = {
  -readonly [K in keyof S]: S[K] extends { kind: 'int' } ? number : S[K] extends { kind: 'enum'; values: readonly (infer V)[] } ? V : boolean;
};

/** A bad config, option or input file of the user's: the CLI prints its message as one line and exits 2. */
export class ConfigError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function describeParam(p: ParamSpec): string {
  switch (p.kind) {
    case 'int':
      return `integer ${p.min}..${p.max}`;
    case 'enum':
      return p.values.join(' | ');
    case 'bool':
      return 'on | off';
  }
}

export function defaults<S extends Schema>(schema: S): ConfigOf<S> {
  return Object.fromEntries(Object.entries(schema).map(([k, p]) => [k, p.default])) as ConfigOf<S>;
}

/** Parse "k=v,k2=v2" (or a record of strings) against a schema, filling defaults. */
export function parseConfig<S extends Schema>(unit: string, schema: S, text: string | Record<string, string>): ConfigOf<S> {
  const pairs: [string, string][] =
    typeof text === 'string'
      ? text
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0)
          .map((kv) => {
            const eq = kv.indexOf('=');
            if (eq < 1) throw new ConfigError(`${unit}: config entry "${kv}" is not key=value`);
            return [kv.slice(0, eq).trim(), kv.slice(eq + 1).trim()];
          })
      : Object.entries(text);
  const cfg: Record<string, unknown> = { ...defaults(schema) };
  const seen = new Set<string>();
  for (const [k, v] of pairs) {
    if (seen.has(k)) throw new ConfigError(`${unit}: config key "${k}" given twice; give each key once`);
    seen.add(k);
    const p = schema[k];
    if (!p) {
      const keys = Object.keys(schema);
      throw new ConfigError(`${unit}: unknown config key "${k}"; valid keys: ${keys.length ? keys.join(', ') : '(none)'}`);
    }
    cfg[k] = parseValue(unit, k, p, v);
  }
  return cfg as ConfigOf<S>;
}

function parseValue(unit: string, key: string, p: ParamSpec, v: string): number | string | boolean {
  const bad = (): never => {
    throw new ConfigError(`${unit}: ${key}=${v} is not valid; allowed: ${describeParam(p)} (default ${String(p.default)})`);
  };
  switch (p.kind) {
    case 'int': {
      const n = decimalInteger(v);
      return n === null || n < p.min || n > p.max ? bad() : n;
    }
    case 'enum':
      return p.values.includes(v) ? v : bad();
    case 'bool':
      if (['on', 'true', '1', 'yes'].includes(v)) return true;
      if (['off', 'false', '0', 'no'].includes(v)) return false;
      return bad();
  }
}

export function formatConfig(cfg: Record<string, unknown>): string {
  return Object.entries(cfg)
    .map(([k, v]) => `${k}=${typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v)}`)
    .join(',');
}
