// Child module instances. Every child pin is connected by name; a child
// output nothing here reads still gets a (waived) wire, because an empty pin
// trips Verilator's PINCONNECTEMPTY.
import type { ModuleIR, NodeId } from '../ir.js';
import type { VerilogModule } from './emit-module.js';
import type { ModulePlan } from './module-plan.js';
import type { Refs } from './refs.js';
import { checkWidth, range, waive } from './text-util.js';
import { InternalError } from '../errors.js';

/** Instance text. The first instout node reading a child output carries
 *  it; any other reader of the same output is assigned from the carrier. */
export function instanceLines(
  m: ModuleIR,
  plan: ModulePlan,
  r: Refs,
  children: Map<ModuleIR, VerilogModule>,
  decls: string[],
): string[] {
  const out: string[] = [];
  const carriers = new Map<string, NodeId>();
  const aliases: string[] = [];
  for (const n of m.nodes) {
    if (n.op !== 'instout' || !plan.live[n.id]) continue;
    const key = `${n.inst}/${n.port}`;
    const first = carriers.get(key);
    if (first === undefined) carriers.set(key, n.id);
    else aliases.push(`  assign ${r.target(n.id)} = ${r.ref(first)};`);
  }
  m.instances.forEach((inst, i) => {
    const child = children.get(inst.module);
    if (child === undefined) {
      throw new InternalError(`module ${m.name}: instance ${inst.name} of ${inst.module.name}, which the design does not list before it`);
    }
    const conns = ['    .clock(clock)', '    .reset(reset)'];
    inst.module.ports.forEach((p, j) => {
      const pin = child.ports[j]!.verilogName;
      if (p.dir === 'in') {
        const driver = inst.inputs[p.name];
        if (driver === undefined) throw new InternalError(`module ${m.name}: instance ${inst.name} leaves input ${p.name} undriven`);
        checkWidth(m, `${inst.name}.${p.name}`, p.width, r.width(driver));
        conns.push(`    .${pin}(${r.ref(driver)})`);
        return;
      }
      const carrier = carriers.get(`${i}/${p.name}`);
      if (carrier !== undefined) {
        checkWidth(m, `${inst.name}.${p.name}`, p.width, r.width(carrier));
        conns.push(`    .${pin}(${r.target(carrier)})`);
        return;
      }
      // An empty pin would trip PINCONNECTEMPTY; a named, waived wire says
      // plainly that this output is ignored here.
      const dangling = plan.names.claim(`${plan.instanceNames[i]}_${p.name}`);
      decls.push(...waive(`Output ${p.name} of ${inst.name} is not used here.`, [`  wire ${range(p.width)}${dangling};`]));
      conns.push(`    .${pin}(${dangling})`);
    });
    out.push(`  ${child.name} ${plan.instanceNames[i]} (`, conns.join(',\n'), '  );');
  });
  return [...out, ...aliases];
}
