// Shared parsing of command-line values, each bad one a one-line error
// naming the command, the option and what would be valid.
import type { Simulator } from '../../hdl/sim/api.js';
import { selectSignals } from '../../hdl/sim/index.js';
import { ConfigError } from '../../units/config.js';

export function intOption(cmd: string, name: string, text: string, min: number): number {
  const n = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || n < min) throw new ConfigError(`${cmd}: --${name} ${text} must be an integer >= ${min}`);
  return n;
}

/** `k=v,k2=v2` of numbers (workload parameters). */
export function numberPairs(cmd: string, flag: string, text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const eq = item.indexOf('=');
    const v = Number(item.slice(eq + 1));
    if (eq < 1 || item.slice(eq + 1).trim() === '' || !Number.isFinite(v)) throw new ConfigError(`${cmd}: ${flag} entry "${item}" is not key=number`);
    out[item.slice(0, eq).trim()] = v;
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
