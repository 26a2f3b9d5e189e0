// Which open-source EDA tools this machine has. Cross-simulation and
// synthesis tests need them; a machine without them should say so loudly
// and skip, except in CI (GFXRTL_REQUIRE_EDA=1) where skipping would hide
// exactly the check the tests exist for.
import { spawnSync } from 'node:child_process';
import { UserError } from '../../hdl/errors.js';

export type EdaTool = 'verilator' | 'iverilog' | 'yosys';

export const INSTALL_HINT = 'apt-get install -y verilator iverilog yosys';

export interface ToolStatus {
  tool: EdaTool;
  available: boolean;
  /** First line of the tool's version output, or why it could not run. */
  version: string;
}

const VERSION_ARGS: Record<EdaTool, string[]> = {
  verilator: ['--version'],
  iverilog: ['-V'],
  yosys: ['-V'],
};

const cache = new Map<EdaTool, ToolStatus>();

export function toolStatus(tool: EdaTool): ToolStatus {
  const known = cache.get(tool);
  if (known !== undefined) return known;
  const run = spawnSync(tool, VERSION_ARGS[tool], { encoding: 'utf8' });
  // iverilog -V exits 1 after printing its version when given no sources.
  const text = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  let available = run.error === undefined && /\d+\.\d+/.test(text);
  // Icarus compiles with iverilog but runs with vvp; both must be there.
  if (available && tool === 'iverilog') available = spawnSync('vvp', ['-V'], { encoding: 'utf8' }).error === undefined;
  const status: ToolStatus = {
    tool,
    available,
    version: available ? text.split('\n')[0]!.trim() : (run.error?.message ?? text),
  };
  cache.set(tool, status);
  return status;
}

export function hasTool(tool: EdaTool): boolean {
  return toolStatus(tool).available;
}

/** When set, a missing tool fails tests instead of skipping them. */
export function edaRequired(): boolean {
  return process.env['GFXRTL_REQUIRE_EDA'] === '1';
}

/** Throws a message that says how to install the tool. */
export function requireTool(tool: EdaTool): void {
  if (!hasTool(tool)) {
    throw new UserError(`${tool} is not installed (or not on PATH): ${toolStatus(tool).version}. Install it with: ${INSTALL_HINT}`);
  }
}
