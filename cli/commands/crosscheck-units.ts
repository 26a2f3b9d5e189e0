// Every registered unit at its default configuration, as designs for the
// Yosys area cross-check, so a unit added to units/registry.ts is checked
// without further wiring. The sweep domain adds its own sub-units (the
// NoBlur instances) on top.
import type { Design } from '../../hdl/ir.js';
import type { StudyEntry } from '../../studies/registry.js';
import { allUnits } from '../../units/registry.js';

export function registeredUnitDesigns(except: readonly string[] = []): { name: string; design: Design }[] {
  return allUnits()
    .filter((u) => !except.includes(u.name) && !(u.partOf !== undefined && except.includes(u.partOf)))
    .map((u) => {
      const { design, configText } = u.elaborate('');
      return { name: `${u.name} (${configText})`, design };
    });
}

/** What the cross-check of `study` covers: its own units and sub-units
 *  (none when it names no cross-check), then, asked for, every other
 *  registered unit at its defaults. */
export function crossCheckDesigns(study: StudyEntry['study'], allUnits: boolean): { name: string; design: Design }[] {
  const cc = study.crossCheck;
  const own = cc ? cc.units(study.unit.elaborate(cc.config)) : [];
  return [...own, ...(allUnits ? registeredUnitDesigns([study.unit.name]) : [])];
}
