// A priced design point as Markdown: the headline figures, then where the
// area and power go, by instance and by operator kind.
import type { CostRow, PriceResult } from './price.js';

function table(title: string, rows: Record<string, CostRow>, totalMm2: number, totalW: number): string {
  const lines = [`| ${title} | area um^2 | area % | dynamic mW | leakage uW | power % |`, '| --- | ---: | ---: | ---: | ---: | ---: |'];
  const sorted = Object.entries(rows).sort(([, a], [, b]) => b.areaUm2 - a.areaUm2);
  for (const [name, r] of sorted) {
    const areaPct = totalMm2 > 0 ? (100 * r.areaUm2 * 1e-6) / totalMm2 : 0;
    const powerPct = totalW > 0 ? (100 * (r.dynamicW + r.leakageW)) / totalW : 0;
    lines.push(`| ${name} | ${r.areaUm2.toFixed(1)} | ${areaPct.toFixed(1)} | ${(r.dynamicW * 1e3).toFixed(3)} | ${(r.leakageW * 1e6).toFixed(2)} | ${powerPct.toFixed(1)} |`);
  }
  return lines.join('\n');
}

/** A priced point as Markdown: the headline figures, then area and power by instance and by operator kind. */
export function priceMarkdown(r: PriceResult): string {
  const p = r.point;
  const head =
    `Design point: ${p.vt} Vt, ${p.vdd} V, ${p.stages} stage(s); clock ${(r.clockHz / 1e9).toFixed(3)} GHz ` +
    `(max ${(r.maxClockHz / 1e9).toFixed(3)} GHz${r.timingMet ? '' : ', NOT MET'}); critical path ${r.criticalPathPs.toFixed(0)} ps; ` +
    `pipeline registers ${r.pipeline.totalBits} bits\n\n` +
    `Area ${r.areaMm2.toFixed(5)} mm^2; power ${(r.powerW * 1e3).toFixed(3)} mW ` +
    `(dynamic ${(r.dynamicW * 1e3).toFixed(3)} mW, leakage ${(r.leakageW * 1e3).toFixed(4)} mW)`;
  return [head, '', table('instance', r.breakdown.byModule, r.areaMm2, r.powerW), '', table('operator', r.breakdown.byKind, r.areaMm2, r.powerW)].join('\n') + '\n';
}
