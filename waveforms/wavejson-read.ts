// Read our WaveJSON back: expand wave strings to one entry per cycle and parse
// the labels, so tests can compare what a person would see with the Trace.
import type { SignalInfo } from '../hdl/sim/api.js';
import { parseLabel, type Radix } from './labels.js';
import type { WaveItem, WaveJson, WaveLane } from './wavejson-types.js';
import { UserError } from '../hdl/errors.js';

/** Per-cycle text of a lane: '0'/'1' for levels, the label for bus values. */
export function expandLane(lane: WaveLane): string[] {
  const out: string[] = [];
  let next = 0;
  for (const ch of lane.wave) {
    if (ch === '.') {
      if (out.length === 0) throw new UserError(`lane ${lane.name}: wave starts with '.'`);
      out.push(out[out.length - 1]!);
    } else if (ch === '0' || ch === '1') {
      out.push(ch);
    } else if (ch === '=' || (ch >= '2' && ch <= '9')) {
      const label = lane.data?.[next++];
      if (label === undefined) throw new UserError(`lane ${lane.name}: more '=' than data labels`);
      out.push(label);
    } else {
      throw new UserError(`lane ${lane.name}: unexpected wave character '${ch}'`);
    }
  }
  if (lane.data && next !== lane.data.length) {
    throw new UserError(`lane ${lane.name}: ${lane.data.length} data labels for ${next} '=' segments`);
  }
  return out;
}

/** Hierarchical path (group names + lane name, dot-separated) -> per-cycle text. */
export function expandWaveJson(json: WaveJson): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (items: readonly WaveItem[], prefix: string): void => {
    for (const it of items) {
      if (Array.isArray(it)) {
        const [name, ...rest] = it;
        walk(rest, prefix + name + '.');
      } else {
        const path = prefix + it.name;
        if (out.has(path)) throw new UserError(`WaveJSON has two lanes for ${path}`);
        out.set(path, expandLane(it));
      }
    }
  };
  walk(json.signal, '');
  return out;
}

/** Raw per-cycle values of each given signal, parsed from the WaveJSON. */
export function decodeWaveJson(
  json: WaveJson,
  signals: readonly SignalInfo[],
  radix: Radix = 'auto',
): bigint[][] {
  const lanes = expandWaveJson(json);
  return signals.map((s) => {
    const text = lanes.get(s.path);
    if (!text) throw new UserError(`WaveJSON has no lane for ${s.path}`);
    return text.map((t) => {
      if (s.width > 1) return parseLabel(t, s.width, s.display, radix);
      if (t !== '0' && t !== '1') throw new UserError(`1-bit lane ${s.path} shows "${t}"`);
      return BigInt(t);
    });
  });
}
