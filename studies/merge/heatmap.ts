// Heat maps of shading work: each shaded quad runs the pixel shader on all
// four of its pixels (helpers included), so a pixel's value is the number
// of shaded quads that contain it. Panels side by side (NOMERGE | bounded
// buffer | ideal) on one colour scale, cropped to the pixels any panel
// touches. A full frame has hundreds of thousands of pixels, so each panel
// is a raster image (embedded PNG) under SVG text; a crop wider than
// MAX_PANEL pixels is shown at 1/k scale, each cell the mean over its
// covered pixels.
import { encodeRgbPng } from './raster-png.js';

export interface HeatPanel {
  readonly title: string;
  readonly quads: readonly { readonly qx: number; readonly qy: number }[];
}

/** Largest panel side drawn pixel for pixel. */
const MAX_PANEL = 640;

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

const STOPS: readonly (readonly [number, number, number])[] = [
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

/** Colour ramp for 1..max (0 stays white): dark blue through green and yellow to red. */
function rgb(v: number, max: number): [number, number, number] {
  if (v <= 0) return [255, 255, 255];
  const t = max <= 1 ? 0 : Math.min(1, (v - 1) / (max - 1));
  const f = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(f));
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  const u = f - i;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * u)) as [number, number, number];
}

function css(c: readonly number[]): string {
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
  // Small crops are magnified, large ones reduced, to about MAX_PANEL pixels a side.
  const down = Math.max(1, Math.ceil(Math.max(w, h) / MAX_PANEL));
  const up = down === 1 ? Math.max(1, Math.floor(360 / Math.max(w, h))) : 1;
  const cw = Math.ceil(w / down);
  const ch = Math.ceil(h / down);
  const pw = cw * up;
  const ph = ch * up;
  const gap = 16;
  const top = 44;
  const legendH = 40;
  const totalW = panels.length * pw + (panels.length - 1) * gap + 20;
  const totalH = top + ph + legendH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${totalW}" height="${totalH}" viewBox="0 0 ${totalW} ${totalH}" font-family="Liberation Sans, DejaVu Sans, sans-serif">`,
    `<rect width="${totalW}" height="${totalH}" fill="white"/>`,
    `<text x="10" y="16" font-size="13">${title}${down > 1 ? ` (1:${down}, each cell the mean over its covered pixels)` : ''}</text>`,
  ];
  maps.forEach((m, i) => {
    const ox = 10 + i * (pw + gap);
    const img = new Uint8Array(pw * ph * 3);
    for (let cy = 0; cy < ch; cy++) {
      for (let cx = 0; cx < cw; cx++) {
        let sum = 0;
        let n = 0;
        for (let y = y0 + cy * down; y < Math.min(y1 + 1, y0 + (cy + 1) * down); y++) {
          for (let x = x0 + cx * down; x < Math.min(x1 + 1, x0 + (cx + 1) * down); x++) {
            const v = m[y * width + x]!;
            if (v > 0) (sum += v), n++;
          }
        }
        const c = rgb(n === 0 ? 0 : Math.min(cap, sum / n), cap);
        for (let dy = 0; dy < up; dy++) for (let dx = 0; dx < up; dx++) img.set(c, ((cy * up + dy) * pw + cx * up + dx) * 3);
      }
    }
    parts.push(`<text x="${ox}" y="36" font-size="12">${panels[i]!.title}: ${panels[i]!.quads.length} quads</text>`);
    parts.push(`<image x="${ox}" y="${top}" width="${pw}" height="${ph}" href="data:image/png;base64,${encodeRgbPng(pw, ph, img).toString('base64')}"/>`);
    parts.push(`<rect x="${ox}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#999" stroke-width="0.5"/>`);
  });
  const ly = top + ph + 10;
  for (let v = 1; v <= cap; v++) {
    parts.push(`<rect x="${10 + (v - 1) * 34}" y="${ly}" width="30" height="12" fill="${css(rgb(v, cap))}"/>`);
    parts.push(`<text x="${10 + (v - 1) * 34 + 10}" y="${ly + 26}" font-size="11">${v}${v === cap ? '+' : ''}</text>`);
  }
  parts.push(`<text x="${10 + cap * 34 + 6}" y="${ly + 10}" font-size="11">shaded quads containing the pixel (pixel-shader runs per pixel)</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
