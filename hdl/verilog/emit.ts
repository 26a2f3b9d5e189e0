// The Verilog backend: a Design becomes one Verilog-2005 module per ModuleIR,
// each in its own file, children before parents like design.modules.
import type { Design, ModuleIR } from '../ir.js';
import type { VerilogModule } from './emit-module.js';
import { emitModule } from './emit-module.js';
import { NameTable } from './names.js';
import { lowerDesign } from '../opt/lower.js';
import type { EmitOptions } from './options.js';
import { InternalError } from '../errors.js';

export type { VerilogModule, VerilogPort } from './emit-module.js';
export type { EmitOptions } from './options.js';

export interface VerilogDesign {
  /** Verilog name of the top module. */
  top: string;
  /** In design.modules order: children first, top last. */
  modules: VerilogModule[];
  /** File name -> text, ready to write to a directory. */
  files: Map<string, string>;
}

export function emitVerilog(given: Design, opts: EmitOptions = {}): VerilogDesign {
  // Library operations (popcount, priority encoders, arg-min/max) are
  // printed as the trees of wires they stand for (hdl/opt/lower.ts).
  const design = lowerDesign(given);
  // Module names become file names, so they are kept distinct even on
  // case-insensitive file systems.
  const moduleNames = new NameTable([], true);
  const emitted = new Map<ModuleIR, VerilogModule>();
  for (const m of design.modules) {
    if (emitted.has(m)) throw new InternalError(`design lists module ${m.name} twice`);
    emitted.set(m, emitModule(m, moduleNames.claim(m.name), emitted, opts));
  }
  const top = emitted.get(design.top);
  if (top === undefined) throw new InternalError(`design.modules does not include the top module ${design.top.name}`);
  const modules = [...emitted.values()];
  return { top: top.name, modules, files: new Map(modules.map((v) => [v.file, v.text])) };
}

/** All modules in one text, for reading or for tools that take one file. */
export function verilogText(v: VerilogDesign): string {
  return v.modules.map((m) => m.text).join('\n');
}
