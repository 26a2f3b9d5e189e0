// Plots that draw the same first layer: a mode's constrained frontiers, one
// per column, each over the mode's whole grey cloud. In Blur that cloud is
// 12,288 points, 4.09 MB of each 4.14 MB SVG, laid out and written nine
// times per mode (about 5 of the report's 16 CPU-s). The first plot is drawn
// in full and the cloud's marks kept; each next one is drawn with the cloud
// cut to the points that fix the scales' domains (plots.ts domainBounds:
// the same axes, so every mark lands where it did) and the kept marks put
// back in place of the few drawn. The SVG's bytes are those of a full
// drawing (shared-layer.test.ts compares them).
import type { TopLevelSpec } from 'vega-lite';
import { renderSvg } from './render.js';

/** Vega-Lite's name for the marks of a layered chart's first layer. */
const OPENING = '<g class="mark-symbol role-mark layer_0_marks"';
const CLOSING = '</g>';

/** Where the first layer's marks sit in `svg` (between its group's tags),
 *  or null unless there is exactly one such group of plain marks. */
function marksSpan(svg: string): { start: number; end: number } | null {
  const open = svg.indexOf(OPENING);
  if (open < 0 || svg.indexOf(OPENING, open + 1) >= 0) return null;
  const start = svg.indexOf('>', open) + 1;
  const end = svg.indexOf(CLOSING, start);
  if (start === 0 || end < 0) return null;
  // Symbols are single elements; a nested group would end at its own </g>.
  if (svg.lastIndexOf('<g', end) > open) return null;
  return { start, end };
}

/** Draws specs whose first layer is `cloud` (the spec is asked for with
 *  that layer's data), sharing that layer's marks as above. */
export class SharedFirstLayer<D extends object> {
  private marks: string | null = null;
  /** The first drawing could not be cut apart: draw each in full. */
  private whole = false;

  /** `bounds`: the points of `cloud` that fix every scale the layer uses. */
  constructor(
    private readonly cloud: readonly D[],
    private readonly bounds: readonly D[],
  ) {}

  async svg(spec: (layer: readonly D[]) => TopLevelSpec): Promise<string> {
    // Fresh data objects each time: vega stamps an id on each datum it reads.
    if (this.marks === null || this.whole) {
      const svg = await renderSvg(spec(this.cloud.map((d) => ({ ...d }))));
      const span = marksSpan(svg);
      if (span === null) this.whole = true;
      else this.marks ??= svg.slice(span.start, span.end);
      return svg;
    }
    const cut = await renderSvg(spec(this.bounds.map((d) => ({ ...d }))));
    const span = marksSpan(cut);
    if (span === null) {
      this.whole = true;
      return this.svg(spec);
    }
    return cut.slice(0, span.start) + this.marks + cut.slice(span.end);
  }
}
