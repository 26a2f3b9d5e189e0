// WaveDrom draws each cycle 40 px wide (hscale 1) whatever the label, so a
// 10-character fixed-point value in a 1-cycle segment overprints its
// neighbours. Pick the smallest stretch that fits every label, capped so that
// one glitchy value cannot make the diagram unreasonably wide.
import type { WaveLane } from './wavejson-types.js';

const CYCLE_PX = 40;
/** Bus labels inherit the skin's `text{font-size:11pt}` (14.67 px) Helvetica:
 *  digits and hex letters about 0.556 em, '.' 0.278, '-' 0.333 (Liberation
 *  Sans has the same metrics). */
const FONT_PX = (11 * 4) / 3;
const em = (c: string): number => (c === '.' ? 0.278 : c === '-' ? 0.333 : 0.556);
/** Air between the label and the segment's slanted ends. */
const END_PX = 4;
export const MAX_AUTO_HSCALE = 4;

/** Approximate rendered width of a bus label in px. */
export function labelPx(label: string): number {
  let w = 0;
  for (const c of label) w += em(c);
  return w * FONT_PX;
}

export function fitHscale(lanes: readonly WaveLane[]): number {
  let need = 1;
  for (const lane of lanes) {
    if (!lane.data) continue;
    let k = 0;
    const w = lane.wave;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === '.') continue;
      let len = 1;
      while (w[i + len] === '.') len++;
      if (w[i] === '=') {
        const px = labelPx(lane.data[k++]!) + END_PX;
        need = Math.max(need, Math.ceil(px / (CYCLE_PX * len)));
      }
    }
  }
  return Math.min(need, MAX_AUTO_HSCALE);
}
