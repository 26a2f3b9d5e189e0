// The run step both Verilog simulators share: the stimulus file written
// into a scratch directory, a built simulator run on it there, its marked
// output lines read back per post-reset cycle, the directory removed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheRoot, runTool } from './build-cache.js';
import { type CycleOutputs, type NormalisedStimulus, parseOutputLines, stimulusFileText } from './stimulus.js';
import type { WrappedDesign } from './wrapper.js';

/** Run `tool` with `args(stimulus file)`; `simulator` names it in errors. */
export async function runOnStimulus(wrapped: WrappedDesign, norm: NormalisedStimulus, simulator: string, tool: string, args: (stimFile: string) => string[]): Promise<CycleOutputs[]> {
  const work = await mkdtemp(join(cacheRoot(), 'run-'));
  try {
    const stim = join(work, 'stimulus.hex');
    await writeFile(stim, stimulusFileText(norm, wrapped.ports.inputs.length));
    const { stdout } = await runTool(tool, args(stim), work);
    return parseOutputLines(stdout, wrapped.ports.outputs, norm, simulator);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
