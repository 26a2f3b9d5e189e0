// vitest helper: a describe block that runs only where the EDA tools it
// needs are installed. Kept apart from eda.ts so that non-test code can ask
// about tools without importing vitest.
import { describe, it } from 'vitest';
import type { EdaTool } from './eda.js';
import { edaRequired, hasTool, INSTALL_HINT } from './eda.js';
import { UserError } from '../../hdl/errors.js';

const warned = new Set<string>();

function warnOnce(missing: EdaTool[]): void {
  const key = missing.join(',');
  if (warned.has(key)) return;
  warned.add(key);
  const bar = '!'.repeat(78);
  console.warn(
    [
      bar,
      `!!! SKIPPING tests that need ${missing.join(', ')}: not installed.`,
      `!!! Their checks (cross-simulation, lint, synthesis) are NOT being run.`,
      `!!! Install with: ${INSTALL_HINT}`,
      `!!! (Set GFXRTL_REQUIRE_EDA=1 to make this a failure, as CI does.)`,
      bar,
    ].join('\n'),
  );
}

/** describe(name, fn) when every tool is installed; otherwise a loud skip,
 *  or a failing test when GFXRTL_REQUIRE_EDA=1. */
export function describeEda(tools: EdaTool | EdaTool[], name: string, fn: () => void): void {
  const needed = Array.isArray(tools) ? tools : [tools];
  const missing = needed.filter((t) => !hasTool(t));
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  if (edaRequired()) {
    describe(name, () => {
      it(`needs ${missing.join(', ')}`, () => {
        throw new UserError(`GFXRTL_REQUIRE_EDA=1 but ${missing.join(', ')} missing. Install with: ${INSTALL_HINT}`);
      });
    });
    return;
  }
  warnOnce(missing);
  describe.skip(name, fn);
}
