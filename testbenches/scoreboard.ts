// A scoreboard compares what the hardware produced with what the golden
// model says, and keeps the first mismatch with everything needed to find
// it: the cycle, the signal, both values and the seed of the run.

/** Where the hardware and the golden model first differed: cycle, signal, both values. */
export interface Mismatch {
  cycle: number;
  signal: string;
  expected: bigint;
  actual: bigint;
}

/** The first mismatch of a run, with the seed and how many checks failed. */
export class ScoreboardError extends Error {
  constructor(
    readonly mismatch: Mismatch,
    readonly seed: number | undefined,
    readonly total: number,
  ) {
    const m = mismatch;
    super(
      `first mismatch at cycle ${m.cycle}, signal ${m.signal}: expected ${fmt(m.expected)}, actual ${fmt(m.actual)}` +
        (total > 1 ? ` (${total} mismatches in all)` : '') +
        (seed !== undefined ? ` [seed ${seed}]` : ''),
    );
    this.name = 'ScoreboardError';
  }
}

function fmt(v: bigint): string {
  return v < 0n || v < 10n ? v.toString() : `${v} (0x${v.toString(16)})`;
}

/** Compares the hardware with the golden model signal by signal and keeps the first mismatch; `assertClean` throws it. */
export class Scoreboard {
  private first: Mismatch | null = null;
  private mismatches = 0;
  checks = 0;

  constructor(readonly seed?: number) {}

  check(cycle: number, signal: string, expected: bigint, actual: bigint): boolean {
    this.checks++;
    if (expected === actual) return true;
    this.mismatches++;
    if (this.first === null) this.first = { cycle, signal, expected, actual };
    return false;
  }

  get firstMismatch(): Mismatch | null {
    return this.first;
  }

  /** Throws a ScoreboardError describing the first mismatch, if any. */
  assertClean(): void {
    if (this.first !== null) throw new ScoreboardError(this.first, this.seed, this.mismatches);
  }
}
