// The subset of WaveDrom's WaveJSON that we produce and read back.
// Reference: https://wavedrom.com/tutorial.html (signal, groups, head/foot, config).

/** One lane. wave: '0'/'1' levels, '=' a new bus value (next entry of data),
 *  '.' repeat the previous cycle. */
export interface WaveLane {
  name: string;
  wave: string;
  data?: string[];
}

/** A named group: WaveDrom draws a bracket labelled with the first element. */
export type WaveGroup = [string, ...WaveItem[]];

export type WaveItem = WaveLane | WaveGroup;

export interface WaveJson {
  signal: WaveItem[];
  /** text: title above the diagram. */
  head?: { text?: string; tick?: number };
  /** tick: number of the first cycle, labels every cycle boundary below. */
  foot?: { text?: string; tick?: number };
  config?: { hscale?: number; skin?: string };
}

/** Every lane, depth first, groups flattened. */
export function allLanes(items: readonly WaveItem[]): WaveLane[] {
  return items.flatMap((it) => (Array.isArray(it) ? allLanes(it.slice(1) as WaveItem[]) : [it]));
}
