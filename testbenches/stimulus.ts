// Stimulus files: what `gfxrtl sim --input` reads. Either a JSON array of
// cycles or { "reset": n, "cycles": [...] }; each cycle maps top-level
// input port names to a value: a number or decimal string in the port's own
// terms (negative for signed ports, decimals on the grid of fixed-point
// ports; decimal strings for integers beyond 2^53) or a "0x.." hex string of
// raw bits (testbenches/port-values.ts). A port left out of a cycle keeps its value.
import type { Design } from '../hdl/ir.js';
import { failAt, parseLocated, type Json } from './json-locate.js';
import { portBits } from './port-values.js';

export interface Stimulus {
  /** Cycles to hold reset before the first stimulus cycle. */
  reset: number;
  cycles: Map<string, bigint>[];
}

export function parseStimulus(text: string, file: string, design: Design): Stimulus {
  const doc = parseLocated(text, file);
  const inputs = new Map(design.top.ports.filter((p) => p.dir === 'in').map((p) => [p.name, p.width]));
  const displays = new Map(design.top.ports.map((p) => [p.name, p.display]));
  let reset = 1;
  let cyclesJson: Json;
  let base = '';
  if (Array.isArray(doc.value)) cyclesJson = doc.value;
  else if (doc.value !== null && typeof doc.value === 'object') {
    const o = doc.value;
    for (const k of Object.keys(o)) if (k !== 'reset' && k !== 'cycles') failAt(doc, file, k, `unknown field "${k}"; expected "reset" and "cycles"`);
    if (o.reset !== undefined) {
      if (typeof o.reset !== 'number' || !Number.isInteger(o.reset) || o.reset < 0) failAt(doc, file, 'reset', 'reset must be a non-negative integer (cycles of reset)');
      reset = o.reset;
    }
    if (!Array.isArray(o.cycles)) return failAt(doc, file, 'cycles', '"cycles" must be an array of {port: value} objects');
    cyclesJson = o.cycles;
    base = 'cycles';
  } else return failAt(doc, file, '', 'stimulus must be an array of cycles or {"reset": n, "cycles": [...]}');
  const cycles = (cyclesJson as Json[]).map((c, i) => {
    const at = `${base}[${i}]`;
    if (c === null || typeof c !== 'object' || Array.isArray(c)) return failAt(doc, file, at, 'each cycle must be an object mapping input ports to values');
    const m = new Map<string, bigint>();
    for (const [port, v] of Object.entries(c)) {
      const path = `${at}.${port}`;
      const width = inputs.get(port);
      if (width === undefined) failAt(doc, file, path, `"${port}" is not an input of ${design.top.name}; inputs: ${[...inputs.keys()].join(', ')}`);
      const bits = portBits(v, width, displays.get(port));
      if (typeof bits === 'string') return failAt(doc, file, path, `${port}: ${bits}`);
      m.set(port, bits);
    }
    return m;
  });
  return { reset, cycles };
}
