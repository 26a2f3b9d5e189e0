// `gfxrtl verilog <unit>`: emit the unit's Verilog, one file per module.
import { join } from 'node:path';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import { findUnit } from '../../studies/registry.js';
import { writeFileAtomic } from '../io.js';

export function verilogCommand(unitName: string, opts: { config: string; out: string }): void {
  const { design, configText } = findUnit(unitName).elaborate(opts.config);
  const v = emitVerilog(design);
  for (const [file, text] of v.files) writeFileAtomic(join(opts.out, file), text);
  console.log(`${unitName} [${configText}]: ${v.files.size} Verilog files in ${opts.out} (top module ${v.top}): ${[...v.files.keys()].join(', ')}`);
}
