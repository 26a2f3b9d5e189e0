// Stimulus files: what `gfxrtl sim --input` reads. Either a JSON array of
// cycles or { "reset": n, "cycles": [...] }; each cycle maps top-level
// input port names to a value: a number or decimal string in the port's own
// terms (negative for signed ports, decimals on the grid of fixed-point
// ports; decimal strings for integers beyond 2^53) or a "0x.." hex string of
// raw bits (testbenches/port-values.ts). A port left out of a cycle keeps its value.
// Read through the strict reader (hdl/json-input.ts): every mistake names
// the file, line, column and field.
import type { Design } from '../hdl/ir.js';
import { childPath, readJsonFile, type Json, type JsonDoc } from '../hdl/json-input.js';
import { portBits } from './port-values.js';

export interface Stimulus {
  /** Cycles to hold reset before the first stimulus cycle. */
  reset: number;
  cycles: Map<string, bigint>[];
}

/** Most cycles one run simulates (a stimulus file's cycles, `--cycles`):
 *  sim's output is streamed, but a waveform and cosim's comparison hold
 *  every cycle in memory. */
export const MAX_SIM_CYCLES = 10_000_000;
/** Most reset cycles a stimulus file may ask for: reset is simulated cycle by cycle too. */
export const MAX_RESET_CYCLES = MAX_SIM_CYCLES;

export function readStimulus(file: string, design: Design): Stimulus {
  return stimulusFrom(readJsonFile(file), design);
}

export function stimulusFrom(doc: JsonDoc, design: Design): Stimulus {
  const inputs = new Map(design.top.ports.filter((p) => p.dir === 'in').map((p) => [p.name, p]));
  const top = doc.value;
  let reset = 1;
  let cyclesJson: Json;
  let base = '';
  if (Array.isArray(top)) cyclesJson = top;
  else if (top !== null && typeof top === 'object') {
    const o = doc.object('', top, { required: ['cycles'], optional: ['reset'] }, 'a stimulus {"reset": n, "cycles": [...]}');
    if (o['reset'] !== undefined) reset = doc.int('reset', o['reset'], 0, MAX_RESET_CYCLES, 'reset cycles, an integer');
    cyclesJson = o['cycles']!;
    base = 'cycles';
  } else return doc.fail('', 'a stimulus must be an array of cycles or {"reset": n, "cycles": [...]}');
  const list = doc.array(base, cyclesJson, { min: 1, max: MAX_SIM_CYCLES, what: 'a list of cycles ({port: value} objects)' });
  const names = [...inputs.keys()];
  const cycles = list.map((c, i) => {
    const at = (): string => childPath(base, i);
    const obj = doc.object(at, c, { optional: names }, `a cycle (an object mapping inputs of ${design.top.name} to values)`);
    const m = new Map<string, bigint>();
    for (const [port, v] of Object.entries(obj)) {
      const p = inputs.get(port)!;
      const path = (): string => childPath(at(), port);
      const frac = p.display?.kind === 'fixed' ? p.display.fracBits : 0;
      if (typeof v === 'number' && frac === 0 && !doc.isDecimal(path())) doc.fail(path, `${port}: ${v} is written with a fraction or exponent; write an integer port's value as a plain decimal`);
      const bits = portBits(v, p.width, p.display);
      if (typeof bits === 'string') return doc.fail(path, `${port}: ${bits}`);
      m.set(port, bits);
    }
    return m;
  });
  return { reset, cycles };
}
