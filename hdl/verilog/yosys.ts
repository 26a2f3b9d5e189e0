// Yosys synthesis of emitted Verilog to generic gates, for cell counts to
// hold against the cost model's operator inventory. The design is flattened
// so the counts are for the whole top, every instance included.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Design } from '../ir.js';
import type { VerilogDesign } from './emit.js';
import { emitVerilog } from './emit.js';
import { inTempDir, runTool } from './run-tool.js';
import { InternalError } from '../errors.js';

export interface YosysCellCounts {
  top: string;
  /** Yosys internal gate type ($_AND_, $_DFF_P_, $_MUX_, ...) -> count. */
  cells: Record<string, number>;
  totalCells: number;
}

export async function yosysCellCounts(design: Design | VerilogDesign): Promise<YosysCellCounts> {
  const v = 'files' in design ? design : emitVerilog(design);
  // read_verilog defines SYNTHESIS, so the simulation-only start state is skipped.
  const script = [`read_verilog ${[...v.files.keys()].join(' ')}`, `synth -flatten -top ${v.top}`, 'tee -q -o stat.json stat -json', ''];
  const files = new Map(v.files);
  files.set('synth.ys', script.join('\n'));
  return inTempDir(files, async (dir) => {
    await runTool('yosys', ['-q', '-s', 'synth.ys'], dir);
    return parseStat(await readFile(join(dir, 'stat.json'), 'utf8'), v.top);
  });
}

/** Reads `stat -json` output for module `top`. */
export function parseStat(json: string, top: string): YosysCellCounts {
  const parsed: unknown = JSON.parse(json);
  const modules = field(parsed, 'modules');
  const m = field(modules, `\\${top}`);
  const byType = field(m, 'num_cells_by_type');
  const cells: Record<string, number> = {};
  for (const [type, count] of Object.entries(byType as object)) {
    if (typeof count !== 'number') throw new InternalError(`yosys stat: count for ${type} is not a number`);
    cells[type] = count;
  }
  const total = field(m, 'num_cells');
  if (typeof total !== 'number') throw new InternalError('yosys stat: num_cells is not a number');
  return { top, cells, totalCells: total };
}

function field(o: unknown, key: string): unknown {
  if (typeof o !== 'object' || o === null || !(key in o)) throw new InternalError(`yosys stat: no '${key}' in its JSON output`);
  return (o as Record<string, unknown>)[key];
}
