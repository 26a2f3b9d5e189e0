// Stand-in sweep domain on the example MAC unit, so the sweep, frontiers and
// report run end to end before the NoBlur rasterizer exists, and so tests
// have something real but quick to sweep. Throughput is simulated: random
// operands with `en` high on a seeded 3 in 4 cycles, so "MP" here means one
// accumulate. Options: cycles (simulated cycles, default 4000), seed.
import { inventory, type Inventory } from '../../../hdl/inventory/index.js';
import { createSimulator } from '../../../hdl/sim/index.js';
import { makeRng } from '../../../testbenches/rng.js';
import { findUnit } from '../../../units/registry.js';
import type { DomainFactory, Params, ParamValue, SweepDomain } from '../types.js';

interface MacArch {
  intBits: number;
  fracBits: number;
  round: string;
  overflow: string;
}

function configText(m: MacArch): Record<string, string> {
  return { intBits: String(m.intBits), fracBits: String(m.fracBits), accIntBits: String(2 * m.intBits + 4), round: m.round, overflow: m.overflow };
}

function num(o: Readonly<Record<string, ParamValue>>, key: string, dflt: number): number {
  const v = o[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`mac domain: option ${key}=${String(v)} must be a positive integer`);
  return n;
}

export const createDomain: DomainFactory = (options) => {
  const cycles = num(options, 'cycles', 4000);
  const seed = num(options, 'seed', 1);
  const unit = findUnit('mac');
  const elaborate = (m: MacArch) => unit.elaborate(configText(m)).design;
  const domain: SweepDomain<MacArch> = {
    name: 'mac',
    summary: 'example fixed-point MAC (stand-in for a rasterizer)',
    opName: 'MAC',
    axes: [
      { key: 'intBits', kind: 'int', values: [4, 8, 12], doc: 'integer bits of the operands' },
      { key: 'fracBits', kind: 'int', values: [4, 8], doc: 'fractional bits' },
      { key: 'round', kind: 'enum', values: ['truncate', 'halfEven'], doc: 'product rounding' },
      { key: 'overflow', kind: 'enum', values: ['wrap', 'saturate'], doc: 'accumulator overflow' },
    ],
    modeAxes: ['overflow'],
    mode: (p: Params) => `mac-${String(p['overflow'])}`,
    microArch: (p: Params) => ({ intBits: Number(p['intBits']), fracBits: Number(p['fracBits']), round: String(p['round']), overflow: String(p['overflow']) }),
    evaluator: {
      id: (m) => `intBits=${m.intBits},fracBits=${m.fracBits},round=${m.round},overflow=${m.overflow}`,
      async inventory(m): Promise<Inventory> {
        return inventory(elaborate(m));
      },
      async evaluate(m) {
        const design = elaborate(m);
        const sim = createSimulator(design);
        const rng = makeRng(seed);
        const w = m.intBits + m.fracBits;
        const top = design.top.name;
        sim.reset(1);
        let ops = 0;
        for (let c = 0; c < cycles; c++) {
          const en = rng.int(0, 3) !== 0;
          ops += en ? 1 : 0;
          sim.poke(`${top}.a`, rng.u32() % 2 ** w);
          sim.poke(`${top}.b`, rng.u32() % 2 ** w);
          sim.poke(`${top}.en`, en ? 1 : 0);
          sim.step();
        }
        return { inventory: inventory(design), mpPerCycle: ops / cycles, extra: { cycles } };
      },
    },
    workload: { id: `mac-random-${cycles}`, seed, doc: `${cycles} cycles of random operands, en high 3 cycles in 4 (seeded)` },
    async crossCheckUnits() {
      return [{ name: 'mac 8.8 halfEven saturate', design: elaborate({ intBits: 8, fracBits: 8, round: 'halfEven', overflow: 'saturate' }) }];
    },
  };
  return domain;
};
