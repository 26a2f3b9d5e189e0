// The unit registry: every unit and sub-unit by CLI name. The CLI, cross-
// simulation, the test suite and studies iterate over it, so a unit added
// here (or registered from outside with `registerUnit`) is listed,
// simulated, emitted, inventoried and cross-checked without further wiring.
import type { Design } from '../hdl/ir.js';
import { BUILTIN_UNITS } from './builtin.js';
import { ConfigError, formatConfig, parseConfig, type ConfigOf, type Schema } from './config.js';
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
}

function info(def: UnitDef): UnitInfo {
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
      return { design: def.elaborate(config), config, configText: formatConfig(config) };
    },
    ...(stimulus && { stimulus }),
    ...(def.coverage && { coverage: def.coverage }),
  };
}

const UNITS: UnitInfo[] = BUILTIN_UNITS.map(info);

const NAME = /^[a-z][a-z0-9-]*$/;

/** Adds a unit (a folder outside units/ calls this once). */
export function registerUnit<S extends Schema>(def: UnitDef<S>): UnitInfo {
  if (!NAME.test(def.name)) throw new ConfigError(`registerUnit: unit name "${def.name}" must be lower-case letters, digits and dashes`);
  if (UNITS.some((x) => x.name === def.name)) throw new ConfigError(`registerUnit: unit ${def.name} is already registered`);
  // A UnitDef<S> is a UnitDef<Schema> whose elaborate accepts only ConfigOf<S>;
  // info() parses every config against def.schema before calling it.
  const u = info(def as unknown as UnitDef);
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
