// Heat maps of shading work: each shaded quad runs the pixel shader on all
// four of its pixels (helpers included), so a pixel's value is the number
// of shaded quads that contain it. Panels side by side (NOMERGE | QFM |
// PMU) on one colour scale, cropped to the pixels any panel touches.
import type { ShadedQuad } from '../../units/merge-common/quad.js';

export interface HeatPanel {
  readonly title: string;
  readonly quads: readonly { readonly qx: number; readonly qy: number }[];
}

export function shadingCounts(quads: HeatPanel['quads'], width: number, height: number): Uint16Array {
  const counts = new Uint16Array(width * height);
  for (const q of quads) {
    for (let p = 0; p < 4; p++) {
      const x = q.qx * 2 + (p & 1);
      const y = q.qy * 2 + (p >> 1);
      if (x < width && y < height) counts[y * width + x]!++;
    }
  }
  return counts;
}

/** Colour ramp for 1..max (0 stays white): dark blue through green and yellow to red. */
function colour(v: number, max: number): string {
  const stops: [number, number, number][] = [
    [49, 54, 149],
    [69, 117, 180],
    [116, 173, 209],
    [171, 217, 233],
    [254, 224, 144],
    [253, 174, 97],
    [244, 109, 67],
    [215, 48, 39],
    [165, 0, 38],
  ];
  const t = max <= 1 ? 0 : Math.min(1, (v - 1) / (max - 1));
  const f = t * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(f));
  const a = stops[i]!;
  const b = stops[i + 1]!;
  const u = f - i;
  const c = a.map((x, k) => Math.round(x + (b[k]! - x) * u));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

export function heatmapSvg(title: string, panels: readonly HeatPanel[], width: number, height: number, cap = 8): string {
  const maps = panels.map((p) => shadingCounts(p.quads, width, height));
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (const m of maps) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (m[y * width + x] === 0) continue;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  if (x1 < 0) (x0 = 0), (y0 = 0), (x1 = 0), (y1 = 0);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const scale = Math.max(1, Math.floor(360 / Math.max(w, h)));
  const pw = w * scale;
  const ph = h * scale;
  const gap = 16;
  const top = 44;
  const legendH = 40;
  const totalW = panels.length * pw + (panels.length - 1) * gap + 20;
  const totalH = top + ph + legendH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${totalW}" height="${totalH}" viewBox="0 0 ${totalW} ${totalH}" font-family="Liberation Sans, DejaVu Sans, sans-serif">`,
    `<rect width="${totalW}" height="${totalH}" fill="white"/>`,
    `<text x="10" y="16" font-size="13">${title}</text>`,
  ];
  maps.forEach((m, i) => {
    const ox = 10 + i * (pw + gap);
    let sum = 0;
    for (const v of m) sum += v;
    parts.push(`<text x="${ox}" y="36" font-size="12">${panels[i]!.title}: ${panels[i]!.quads.length} quads</text>`);
    parts.push(`<rect x="${ox}" y="${top}" width="${pw}" height="${ph}" fill="#f4f4f4" stroke="#999" stroke-width="0.5"/>`);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const v = m[y * width + x]!;
        if (v === 0) continue;
        parts.push(`<rect x="${ox + (x - x0) * scale}" y="${top + (y - y0) * scale}" width="${scale}" height="${scale}" fill="${colour(Math.min(v, cap), cap)}"/>`);
      }
    }
  });
  const ly = top + ph + 10;
  for (let v = 1; v <= cap; v++) {
    parts.push(`<rect x="${10 + (v - 1) * 34}" y="${ly}" width="30" height="12" fill="${colour(v, cap)}"/>`);
    parts.push(`<text x="${10 + (v - 1) * 34 + 10}" y="${ly + 26}" font-size="11">${v}${v === cap ? '+' : ''}</text>`);
  }
  parts.push(`<text x="${10 + cap * 34 + 6}" y="${ly + 10}" font-size="11">shaded quads containing the pixel (pixel-shader runs per pixel)</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}

export type { ShadedQuad };
