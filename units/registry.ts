// The unit registry: every unit and sub-unit by CLI name. The CLI, cross-
// simulation, the test suite and studies iterate over it, so a unit added
// here (or registered from outside with `registerUnit`) is listed,
// simulated, emitted, inventoried and cross-checked without further wiring.
import type { Design } from '../hdl/ir.js';
import { BUILTIN_UNITS } from './builtin.js';
import { ConfigError, formatConfig, parseConfig, type ConfigOf, type Schema } from './config.js';
import { InternalError, UserError } from '../hdl/errors.js';
import type { CoverageCounter, StimulusGenerator, UnitDef } from './unit.js';

/** A registered unit with its config parsing attached. */
export interface UnitInfo {
  readonly name: string;
  readonly summary: string;
  readonly schema: Schema;
  readonly partOf?: string;
  readonly def: UnitDef;
  /** Parse `k=v,...` (defaults filled in) and elaborate. */
  elaborate(configText: string | Record<string, string>): { design: Design; config: Record<string, unknown>; configText: string };
  /** The same, with the config typed as the schema's values. */
  parse(configText: string | Record<string, string>): { design: Design; config: ConfigOf<Schema>; configText: string };
  readonly stimulus?: StimulusGenerator<ConfigOf<Schema>>;
  readonly coverage?: readonly CoverageCounter[];
  /** The plugin file that registered it (GFXRTL_PLUGINS); absent for built-in units. */
  readonly source?: string;
}

let registering: string | undefined;

/** Runs `load` (a plugin's import) with `source` recorded on every unit it registers. */
export async function registeringFrom<T>(source: string, load: () => Promise<T>): Promise<T> {
  registering = source;
  try {
    return await load();
  } finally {
    registering = undefined;
  }
}

/** The plugin file registering right now, if any. */
export function currentRegistrationSource(): string | undefined {
  return registering;
}

/**
 * An error while elaborating a config its schema accepted is the unit
 * author's mistake, not the user's: a plugin's is reported naming the unit
 * and its file (exit 2, the plugin's author is the user), a built-in unit's
 * is a bug in gfxrtl. A ConfigError (a combination of values the unit
 * refuses) stays the user's.
 */
function authorsMistake(def: UnitDef, source: string | undefined, configText: string, e: unknown): unknown {
  if (e instanceof ConfigError) return e;
  const why = e instanceof Error ? e.message : String(e);
  if (source !== undefined) return new UserError(`unit ${def.name} (plugin ${source}) at ${configText}: ${why} (a mistake in the unit's definition, not in the command line)`);
  return e instanceof UserError ? new InternalError(`unit ${def.name} at ${configText}: ${why}`) : e;
}

function info(def: UnitDef, source?: string): UnitInfo {
  // The generator was written against the unit's own ConfigOf<S>; configs
  // reaching it are always parsed against that same schema.
  const stimulus = def.stimulus;
  return {
    name: def.name,
    summary: def.summary,
    schema: def.schema,
    ...(def.partOf !== undefined && { partOf: def.partOf }),
    def,
    elaborate(text) {
      return this.parse(text);
    },
    parse(text) {
      const config = parseConfig(def.name, def.schema, text);
      const configText = formatConfig(config);
      let design: Design;
      try {
        design = def.elaborate(config);
      } catch (e) {
        throw authorsMistake(def, source, configText, e);
      }
      return { design, config, configText };
    },
    ...(stimulus && { stimulus }),
    ...(def.coverage && { coverage: def.coverage }),
    ...(source !== undefined && { source }),
  };
}

const UNITS: UnitInfo[] = BUILTIN_UNITS.map((d) => info(d));

const NAME = /^[a-z][a-z0-9-]*$/;

/** Adds a unit (a folder outside units/ calls this once). */
export function registerUnit<S extends Schema>(def: UnitDef<S>): UnitInfo {
  if (!NAME.test(def.name)) throw new ConfigError(`registerUnit: unit name "${def.name}" must be lower-case letters, digits and dashes`);
  const where = `registerUnit${registering !== undefined ? ` (plugin ${registering})` : ''}`;
  if (UNITS.some((x) => x.name === def.name)) throw new ConfigError(`${where}: unit ${def.name} is already registered`);
  if (typeof def.elaborate !== 'function') throw new ConfigError(`${where}: unit ${def.name} needs elaborate(config)`);
  for (const [k, p] of Object.entries(def.schema ?? {})) {
    const ok =
      p.kind === 'int' ? Number.isInteger(p.min) && Number.isInteger(p.max) && Number.isInteger(p.default) && p.min <= p.default && p.default <= p.max
      : p.kind === 'enum' ? Array.isArray(p.values) && p.values.includes(p.default)
      : p.kind === 'bool' ? typeof p.default === 'boolean'
      : false;
    if (!ok) throw new ConfigError(`${where}: unit ${def.name}, config key ${k}: needs kind int (integers min <= default <= max), enum (default among values) or bool (a boolean default)`);
  }
  // A UnitDef<S> is a UnitDef<Schema> whose elaborate accepts only ConfigOf<S>;
  // info() parses every config against def.schema before calling it.
  const u = info(def as UnitDef, registering);
  UNITS.push(u);
  return u;
}

export function allUnits(): readonly UnitInfo[] {
  return UNITS;
}

export function unitNames(): string[] {
  return UNITS.map((x) => x.name);
}

export function findUnit(name: string): UnitInfo {
  const u = UNITS.find((x) => x.name === name);
  if (!u) throw new ConfigError(`unknown unit "${name}"; units: ${unitNames().join(', ')}`);
  return u;
}
