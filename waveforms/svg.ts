// WaveJSON -> SVG with the wavedrom package (the reference renderer, so what
// we show matches wavedrom.com and the editors).
import { UserError } from '../hdl/errors.js';
import onml from 'onml';
import wavedrom from 'wavedrom';
import skins from 'wavedrom/skins/default.js';
import { allLanes, type WaveJson } from './wavejson-types.js';

/** WaveDrom's SVG grows to tens of MB past about 3000 cycles x 30 signals and
 *  browsers stall on it; a window or a VCD serves the person better. */
export const MAX_SVG_CYCLES = 3000;
export const MAX_SVG_CELLS = 3000 * 30;

/** Cycles drawn per lane: each wave character is one cycle (no hscale/period). */
export function waveSize(json: WaveJson): { cycles: number; lanes: number } {
  const all = allLanes(json.signal);
  return { cycles: Math.max(0, ...all.map((l) => l.wave.length)), lanes: all.length };
}

export function renderSvg(json: WaveJson): string {
  const { cycles, lanes: n } = waveSize(json);
  if (cycles > MAX_SVG_CYCLES || cycles * n > MAX_SVG_CELLS) {
    throw new UserError(
      `waveform too large for SVG: ${cycles} cycles x ${n} signals ` +
        `(limit about ${MAX_SVG_CYCLES} cycles x 30 signals); ` +
        `pick a cycle window (window: {from, to}) or write a .vcd and open it in GTKWave or Surfer`,
    );
  }
  // renderAny mutates its input (head/foot ticks, hbounds): give it a copy.
  const copy = structuredClone(json);
  // WaveDrom 3 expands a numeric tick into one label per column boundary;
  // for a one-cycle wave that makes two, which it then reads as an
  // "offset step" pair and calls split on a number (TypeError in
  // render-marks.js). Three or more words are taken as the labels
  // themselves, so a one-cycle wave gets its labels spelled out.
  if (cycles === 1) for (const end of [copy.head, copy.foot]) if (end !== undefined && typeof end.tick === 'number') (end as { tick?: number | string }).tick = [0, 1, 2].map((i) => (end.tick as number) + i).join(' ');
  const tree = wavedrom.renderAny(0, copy, skins);
  return onml.stringify(tree);
}
