import { describe, expect, it } from 'vitest';
import { findFont, svgToPng } from './png.js';
import { renderSvg, waveSize } from './svg.js';
import { demoTrace } from './testing/demo-trace.js';
import type { WaveJson } from './wavejson-types.js';
import { traceToWaveJson } from './wavejson.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('renderSvg', () => {
  it('draws an SVG with the lane names, group names, labels and cycle ticks', () => {
    const json = traceToWaveJson(demoTrace());
    const before = JSON.stringify(json);
    const svg = renderSvg(json);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    for (const text of ['valid', 'count', 'u_fifo', 'u_ram', '0xab', '-0.5', '-128', 'Top, cycles 10..17']) {
      expect(svg).toContain(`>${text}<`);
    }
    for (let c = 10; c <= 18; c++) expect(svg).toContain(`>${c}<`);
    // wavedrom mutates its input; ours must come back untouched.
    expect(JSON.stringify(json)).toBe(before);
  });

  it('numbers the ticks of a one-cycle wave (WaveDrom alone throws a TypeError on it)', () => {
    for (const cycles of [1, 2]) {
      const json: WaveJson = { signal: [{ name: 'a', wave: '0'.repeat(cycles) }], foot: { tick: 5 } };
      const labels = [...renderSvg(json).matchAll(/<text[^>]*>(?:<tspan[^>]*>)?(\d+)</g)].map((m) => Number(m[1]));
      expect(labels).toEqual(Array.from({ length: cycles + 1 }, (_, i) => 5 + i));
      expect(json.foot).toEqual({ tick: 5 });
    }
  });

  it('refuses waveforms too large for SVG and points to windows and VCD', () => {
    const lane = { name: 'a', wave: '01'.repeat(1600) };
    expect(waveSize({ signal: [['g', lane]] })).toEqual({ cycles: 3200, lanes: 1 });
    expect(() => renderSvg({ signal: [lane] })).toThrow(/3200 cycles x 1 signals.*window.*\.vcd/);
    const many: WaveJson = { signal: Array.from({ length: 40 }, (_, i) => ({ name: `s${i}`, wave: '0'.repeat(2500) })) };
    expect(() => renderSvg(many)).toThrow('2500 cycles x 40 signals');
  });
});

describe('svgToPng', () => {
  const svg = renderSvg(traceToWaveJson(demoTrace()));

  it('produces a PNG at the requested scale', () => {
    const png = svgToPng(svg, { scale: 1 });
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    const width = png.readUInt32BE(16);
    expect(svgToPng(svg, { scale: 2 }).readUInt32BE(16)).toBe(2 * width);
  });

  it('renders text (a missing font would silently drop it)', () => {
    // Same picture with every <text> emptied: if glyphs were not drawn, the
    // two PNGs would be byte-identical.
    const noText = svg.replace(/(<text[^>]*>)[^<]*(<\/text>)/g, '$1$2').replace(/<tspan[^>]*>[^<]*<\/tspan>/g, '');
    expect(noText).not.toBe(svg);
    expect(svgToPng(svg).equals(svgToPng(noText))).toBe(false);
  });

  it('uses a Helvetica-compatible font when the machine has one', () => {
    const font = findFont();
    if (!font) {
      console.warn('svgToPng: no known font file on this machine; PNG text relies on system fonts');
      return;
    }
    expect(svgToPng(svg, { font }).equals(svgToPng(svg))).toBe(true);
    expect(() => svgToPng(svg, { font: { file: '/nonexistent.ttf', family: 'X' } })).toThrow('/nonexistent.ttf not found');
  });
});
