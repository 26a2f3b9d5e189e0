// A differential fuzzing campaign: `count` random circuits, bundled
// `bundle` to a Verilator build, each run on xorshift stimulus in our
// simulator and in Verilator; every disagreement is reported with the seed
// that rebuilds its circuit, optionally shrunk and saved as a regression.
import type { ModuleIR } from '../../hdl/ir.js';
import { requireTool } from '../cosim/eda.js';
import { fuzzCircuit } from './circuits.js';
import { judge, VERDICT_TEXT, type Verdict } from './known-defects.js';
import { checkBundle, childStimulus, type ChildMismatch } from './check.js';
import { saveRegression } from './regressions.js';
import { shrink, sizeOf } from './shrink.js';

export interface CampaignOptions {
  count: number;
  seed: number;
  /** Circuits per Verilator build. */
  bundle?: number;
  /** Cycles after reset per circuit. */
  cycles?: number;
  shrink?: boolean;
  /** Save each shrunk failure under testbenches/fuzz/regressions/. */
  save?: boolean;
  log?: (line: string) => void;
}

export interface Failure extends ChildMismatch {
  circuitSeed: number;
  /** The shrunk circuit's computed nodes, when shrunk. */
  shrunkNodes?: number;
  savedTo?: string;
  message: string;
  /** For Verilator-only disagreements: which (known-defects.ts). */
  verdict?: Exclude<Verdict, 'ours'>;
}

export interface CampaignReport {
  circuits: number;
  builds: number;
  failures: Failure[];
  /** Disagreements where Icarus sides with gfxrtl: Verilator's own defects
   *  (5.006's DFG pass, known-verilator-defects.md), reported, not failed. */
  verilatorOnly: Failure[];
  seconds: number;
}

export const DEFAULT_BUNDLE = 250;
export const DEFAULT_CYCLES = 48;

/** Circuit i of campaign `seed`: a seed of its own, printed with failures. */
export const circuitSeed = (seed: number, i: number): number => (seed * 100_003 + i) >>> 0;

const hex = (v: bigint): string => `0x${v.toString(16)}`;

export async function runCampaign(o: CampaignOptions): Promise<CampaignReport> {
  requireTool('verilator');
  const log = o.log ?? (() => {});
  const bundle = o.bundle ?? DEFAULT_BUNDLE;
  const cycles = o.cycles ?? DEFAULT_CYCLES;
  const t0 = performance.now();
  const failures: Failure[] = [];
  const verilatorOnly: Failure[] = [];
  let builds = 0;
  for (let at = 0; at < o.count; at += bundle) {
    const seeds = Array.from({ length: Math.min(bundle, o.count - at) }, (_, k) => circuitSeed(o.seed, at + k));
    const children = seeds.map(fuzzCircuit);
    const stimSeed = BigInt(o.seed) * 1_000_003n + BigInt(at + 1);
    const r = await checkBundle(`Fuzz_${o.seed}_${at}`, children, stimSeed, cycles);
    builds++;
    log(
      `circuits ${at}..${at + seeds.length - 1}: ${r.mismatches.length} disagree ` +
        `(Verilator build+run ${r.verilatorSeconds.toFixed(1)} s, ours ${r.oursSeconds.toFixed(1)} s)`,
    );
    for (const m of r.mismatches) {
      const k = children.findIndex((c) => c.name === m.child);
      const cs = seeds[k]!;
      const message =
        `circuit seed ${cs} (campaign seed ${o.seed}, #${at + k}): ${m.output} at cycle ${m.cycle}: ` +
        `gfxrtl ${m.path === 'runBatch' ? 'runBatch ' : ''}${m.without === undefined ? '' : `without ${m.without} `}${hex(m.ours)}, Verilator ${hex(m.verilator)}`;
      const f: Failure = { ...m, circuitSeed: cs, message };
      const child = children[k]!;
      // A runBatch mismatch comes with poke/step/peek agreeing with
      // Verilator: our two code paths disagree, so no third opinion helps.
      const verdict = m.path === 'runBatch' ? 'ours' : await judge(child, childStimulus(child, r.stimulus));
      if (verdict !== 'ours') {
        log(`VERILATOR-ONLY ${message} (${VERDICT_TEXT[verdict]})`);
        verilatorOnly.push({ ...f, verdict });
        continue;
      }
      log(`MISMATCH ${message}`);
      if (o.shrink ?? true) {
        const s = await shrink(children[k]!, childStimulus(children[k]!, r.stimulus), log);
        f.shrunkNodes = sizeOf(s.module);
        log(`  shrunk to ${f.shrunkNodes} computed nodes in ${s.rounds} rounds:\n${describe(s.module)}`);
        if (o.save) {
          f.savedTo = saveRegression({ campaignSeed: o.seed, circuitSeed: cs, message, module: s.module, stimulus: s.stimulus });
          log(`  saved as ${f.savedTo}`);
        }
      }
      failures.push(f);
    }
  }
  return { circuits: o.count, builds, failures, verilatorOnly, seconds: (performance.now() - t0) / 1000 };
}

/** One line per node: enough to read a shrunk circuit. */
function describe(m: ModuleIR): string {
  const show = (v: unknown): string => (typeof v === 'bigint' ? `${v}n` : JSON.stringify(v));
  const lines = m.nodes.map((n) => {
    const { id, width, op, ...rest } = n as unknown as Record<string, unknown>;
    return `    n${id as number}: ${op as string}<${width as number}> ${Object.entries(rest).map(([k, v]) => `${k}=${show(v)}`).join(' ')}`;
  });
  const ports = m.ports.map((p) => `    ${p.dir} ${p.name}<${p.width}> = n${p.node}`);
  return [...ports, ...lines].join('\n');
}
