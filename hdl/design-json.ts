// An elaborated design as plain JSON and back, for the elaboration cache:
// modules in order, each instance naming its module by index (modules are
// shared by reference in a Design), bigints as {"big": "digits"}, source
// locations left out (a design read back has none: it was checked when it
// was elaborated, and only error messages and Verilog headers read them).
import type { Design, ModuleIR, PortNames } from './ir.js';
import { InternalError, UserError } from './errors.js';

export type DesignJson = { readonly format: 'gfxrtl-design/2'; readonly top: number; readonly modules: readonly unknown[]; readonly portNames?: PortNames };

function encode(v: unknown, moduleIndex: Map<ModuleIR, number>): unknown {
  if (typeof v === 'bigint') return { big: v.toString() };
  if (Array.isArray(v)) return v.map((x) => encode(x, moduleIndex));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      if (k === 'loc') continue;
      const x = (v as Record<string, unknown>)[k];
      if (x === undefined) continue;
      // An instance's module is a reference to one of the design's modules.
      out[k] = k === 'module' && moduleIndex.has(x as ModuleIR) ? moduleIndex.get(x as ModuleIR)! : encode(x, moduleIndex);
    }
    return out;
  }
  return v;
}

function decode(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decode);
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === 'big') return BigInt((v as { big: string }).big);
    const out: Record<string, unknown> = {};
    for (const k of keys) out[k] = decode((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

export function designToJson(d: Design): DesignJson {
  const index = new Map(d.modules.map((m, i) => [m, i] as const));
  const top = index.get(d.top);
  if (top === undefined) throw new InternalError(`designToJson: the top module ${d.top.name} is not among the design's modules`);
  // Instances point at modules by index, nothing else does: encode the modules' own fields.
  const modules = d.modules.map((m) => {
    const { instances, ...rest } = m;
    return { ...(encode(rest, index) as object), instances: instances.map((inst) => ({ ...(encode({ ...inst, module: undefined }, index) as object), module: index.get(inst.module)! })) };
  });
  return { format: 'gfxrtl-design/2', top, modules, ...(d.portNames !== undefined && { portNames: d.portNames }) };
}

export function designFromJson(j: DesignJson): Design {
  if (j.format !== 'gfxrtl-design/2') throw new UserError(`designFromJson: format ${String(j.format)}, expected gfxrtl-design/2`);
  const modules = j.modules.map((m) => decode(m) as ModuleIR);
  for (const m of modules) {
    for (const inst of m.instances) {
      const i = inst.module as unknown as number;
      const target = modules[i];
      if (target === undefined) throw new UserError(`designFromJson: instance ${inst.name} of ${m.name} names module #${i}, which the design does not hold`);
      inst.module = target;
    }
  }
  const top = modules[j.top];
  if (top === undefined) throw new UserError(`designFromJson: the top module #${j.top} is not among the design's modules`);
  return { top, modules, ...(j.portNames !== undefined && { portNames: j.portNames }) };
}
