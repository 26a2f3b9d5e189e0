// A Verilog wrapper around the top module whose ports are called in0, in1,
// ..., out0, ... in top port order. The generated testbenches only ever name
// these, so they never depend on how a DSL name was sanitised or how
// Verilator mangles identifiers in C++.
import type { Design } from '../../hdl/ir.js';
import { emitVerilog } from '../../hdl/verilog/emit.js';
import type { EmitOptions, VerilogDesign } from '../../hdl/verilog/emit.js';
import { NameTable } from '../../hdl/verilog/names.js';
import { range } from '../../hdl/verilog/text-util.js';
import type { TopPorts } from './stimulus.js';
import { topPorts } from './stimulus.js';

export interface WrappedDesign {
  verilog: VerilogDesign;
  ports: TopPorts;
  /** Name of the wrapper module (the simulation top). */
  wrapper: string;
  /** The design's files plus the wrapper's. */
  files: Map<string, string>;
}

export function wrapDesign(design: Design, opts: EmitOptions = {}): WrappedDesign {
  const verilog = emitVerilog(design, opts);
  const ports = topPorts(design);
  const wrapper = new NameTable(
    verilog.modules.map((m) => m.name),
    true,
  ).claim('gfxrtl_cosim_top');
  const top = verilog.modules.find((m) => m.name === verilog.top)!;
  const decls = ['  input wire clock', '  input wire reset'];
  const conns = ['    .clock(clock)', '    .reset(reset)'];
  let i = 0;
  let o = 0;
  for (const p of top.ports) {
    const outer = p.dir === 'in' ? `in${i++}` : `out${o++}`;
    decls.push(`  ${p.dir === 'in' ? 'input' : 'output'} wire ${range(p.width)}${outer}`);
    conns.push(`    .${p.verilogName}(${outer})`);
  }
  const text = [
    `// Cross-simulation wrapper around ${verilog.top}: ports in0.., out0.. in port order.`,
    `module ${wrapper} (`,
    decls.join(',\n'),
    ');',
    `  ${verilog.top} dut (`,
    conns.join(',\n'),
    '  );',
    'endmodule',
    '',
  ].join('\n');
  const files = new Map(verilog.files);
  files.set(`${wrapper}.v`, text);
  return { verilog, ports, wrapper, files };
}
