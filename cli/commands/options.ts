// Typed parsing of command-line values, each bad one a one-line error
// naming the command, the option, the value and what would be valid; and
// the rules for which options apply together. Commands call these first,
// before any file is read or any simulation starts.
import { availableParallelism } from 'node:os';
import type { Simulator } from '../../hdl/sim/api.js';
import { selectSignals } from '../../hdl/sim/index.js';
import { ConfigError } from '../../units/config.js';
import { decimalInteger, decimalNumber } from '../../hdl/decimal.js';

/** An integer in [min, max], written as one (no '1.5', '1e3', '', ' 7', '0x10'). */
export function intOption(cmd: string, name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = decimalInteger(text);
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`;
  if (n === null || n < min || n > max) {
    throw new ConfigError(`${cmd}: --${name} ${JSON.stringify(text)} is not valid; expected an integer ${range}`);
  }
  return n;
}

/** A finite number in [min, max] (exclusive of min when `above`). */
export function numberOption(cmd: string, name: string, text: string, min: number, max: number, above = false): number {
  const n = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(n) && (above ? n > min : n >= min) && n <= max;
  if (!ok) throw new ConfigError(`${cmd}: --${name} ${JSON.stringify(text)} is not valid; expected a number ${above ? '>' : '>='} ${min} and <= ${max}`);
  return n;
}

/** Worker threads: 'auto' or 0..cores (0 = the main thread). More threads
 *  than cores only add memory (each holds a simulator) and contention. */
export function workersOption(cmd: string, text: string | undefined, cores = availableParallelism()): number | 'auto' {
  if (text === undefined || text === 'auto') return 'auto';
  if (!/^\d+$/.test(text) || Number(text) > cores) {
    throw new ConfigError(`${cmd}: --workers ${JSON.stringify(text)} is not valid; allowed: 'auto' or an integer 0..${cores} (this machine has ${cores} cores; 0 = main thread)`);
  }
  return Number(text);
}

/** Options given on the command line that do not apply: `rules` maps an
 *  option to the reason it applies, as a predicate over the others. */
export function rejectInapplicable(cmd: string, opts: object, rules: Record<string, { applies: boolean; when: string }>): void {
  const given = opts as Record<string, unknown>;
  for (const [name, r] of Object.entries(rules)) {
    if (given[name] !== undefined && !r.applies) throw new ConfigError(`${cmd}: --${flagOf(name)} does not apply here; it applies ${r.when}`);
  }
}

function flagOf(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `k=v,k2=v2` of decimal numbers (workload parameters: 4096, 0.54; no
 *  hex, no exponent, so count=0x10 or count=1e9 is refused, as --cycles
 *  refuses them), each key once. */
export function numberPairs(cmd: string, flag: string, text: string | undefined): Record<string, number> {
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const item of (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const eq = item.indexOf('=');
    const key = item.slice(0, eq).trim();
    const v = decimalNumber(item.slice(eq + 1).trim());
    if (eq < 1 || v === null) throw new ConfigError(`${cmd}: ${flag} entry "${item}" is not key=number (a decimal such as 4096 or 0.54; no hex or exponent)`);
    if (key in out) throw new ConfigError(`${cmd}: ${flag} gives ${key} twice; give each key once`);
    out[key] = v;
  }
  return out;
}

/** Waveform signal patterns, each checked to match something. */
export function signalPatterns(sim: Simulator, text: string | undefined): string[] {
  const patterns = text ? text.split(',').map((s) => s.trim()).filter((s) => s !== '') : ['**'];
  try {
    selectSignals(sim.signals(), patterns);
  } catch (e) {
    throw new ConfigError(`--signals: ${e instanceof Error ? e.message : String(e)} (in ${sim.design.top.name}; '**' selects all)`);
  }
  return patterns;
}
