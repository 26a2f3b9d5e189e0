// Every registered unit at its default configuration, as designs for the
// Yosys area cross-check, so a unit added to units/registry.ts is checked
// without further wiring. The sweep domain adds its own sub-units (the
// NoBlur instances) on top.
import type { Design } from '../../hdl/ir.js';
import { ownCrossCheckDesigns, type YosysCrossCheck } from '../../explore/calibrate.js';
import { cachedYosysCellCounts } from '../../synth-models/yosys-cache.js';
import { hasTool, INSTALL_HINT } from '../../testbenches/cosim/eda.js';
import type { Study } from '../../explore/contract.js';
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
export function crossCheckDesigns(study: Study, allUnits: boolean): { name: string; design: Design }[] {
  return [...ownCrossCheckDesigns(study), ...(allUnits ? registeredUnitDesigns([study.unit.name]) : [])];
}

/** How this machine and these options run the Yosys cross-check. */
export function yosysCrossCheck(opts: { yosys?: boolean; allUnits?: boolean; yosysCache?: boolean }): YosysCrossCheck {
  if (opts.yosys === false) return { skip: '' };
  if (!hasTool('yosys')) return { skip: `not installed, cross-check skipped (${INSTALL_HINT})` };
  const cache = opts.yosysCache === false ? { dir: null } : {};
  return { designs: (study) => crossCheckDesigns(study, opts.allUnits === true), cellCounts: (d) => cachedYosysCellCounts(d, cache) };
}
