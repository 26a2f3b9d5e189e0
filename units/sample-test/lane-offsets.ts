// Where each lane of a stamp samples, relative to the stamp's corner, as the
// constants the hardware holds. Lane (i, j) tests the sample of cell
// (stamp cell x + i, stamp cell y + j); which of the pixel's jittered samples
// that is depends on the cell's place inside its pixel. When a stamp is
// narrower than a pixel (k < samples per pixel side) that place also depends
// on the stamp's own place in the pixel, its "phase" (the low bits of its
// absolute stamp index), so each lane holds one constant per phase and a mux
// picks it. From the SAMPLE_OFFSETS table (conventions.md, "Samples").
import { SUBPIXEL } from '../raster-common/formats.js';
import { SAMPLE_OFFSETS } from '../raster-common/samples.js';

export interface LaneOffset {
  /** Offset from the stamp corner, 1/256 units: i c + jitter, j c + jitter. */
  readonly ox: number;
  readonly oy: number;
}

export interface LaneTableConfig {
  readonly msaa: 4 | 16;
  readonly k: number;
  /** log2 of the number of stamp positions per pixel side (0 when k >= samples per pixel side). */
  readonly phaseBits: number;
}

/** table[lane][phase]: lane = j k + i; phase = (phase y << phaseBits) | phase x. */
export function laneOffsets(cfg: LaneTableConfig): LaneOffset[][] {
  const kp = cfg.msaa === 4 ? 2 : 4;
  const c = SUBPIXEL / kp;
  const phases = 1 << cfg.phaseBits;
  const table: LaneOffset[][] = [];
  for (let j = 0; j < cfg.k; j++) {
    for (let i = 0; i < cfg.k; i++) {
      const row: LaneOffset[] = [];
      for (let ph = 0; ph < phases * phases; ph++) {
        const phx = ph % phases;
        const phy = Math.floor(ph / phases);
        const cxm = (phx * cfg.k + i) % kp;
        const cym = (phy * cfg.k + j) % kp;
        const off = SAMPLE_OFFSETS[cfg.msaa][cym * kp + cxm]!;
        row.push({ ox: i * c + (off.dx - cxm * c), oy: j * c + (off.dy - cym * c) });
      }
      table.push(row);
    }
  }
  return table;
}
