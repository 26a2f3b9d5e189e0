// `verilator --lint-only -Wall` over emitted Verilog: the spec's bar for
// the backend is that this prints nothing.
import type { VerilogDesign } from './emit.js';
import { inTempDir, runTool } from './run-tool.js';

export interface LintResult {
  clean: boolean;
  /** Verilator's warnings and errors, empty when clean. */
  output: string;
}

export async function lintVerilog(v: VerilogDesign): Promise<LintResult> {
  return inTempDir(v.files, async (dir) => {
    const args = ['--lint-only', '-Wall', '--top-module', v.top, ...v.files.keys()];
    try {
      const { stdout, stderr } = await runTool('verilator', args, dir);
      const output = `${stderr}${stdout}`.trim();
      return { clean: output.length === 0, output };
    } catch (e) {
      return { clean: false, output: e instanceof Error ? e.message : String(e) };
    }
  });
}
