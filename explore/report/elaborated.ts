// Micro-architectures the report elaborates, with their inventories, handed
// from the Markdown report to the HTML report written next in the same
// process (gfxrtl report, study, sweep --report): the register-share
// section's picks are often on a frontier, so have a design page too (Blur:
// 4 of its 6), and a Blur design took about 0.25 s to elaborate and take
// the inventory of. About 7 MB each while held.
import { inventory, type Inventory } from '../../hdl/inventory/index.js';
import type { Design } from '../../hdl/ir.js';

export interface Elaborated {
  readonly design: Design;
  readonly inv: Inventory;
}

/** The study's module and name, and the micro-architecture's id. */
export interface DesignKey {
  readonly module: string;
  readonly name: string;
  readonly id: string;
}

const handed = new Map<string, Elaborated>();
const keyText = (k: DesignKey): string => `${k.module}\0${k.name}\0${k.id}`;

/** The design of `key`: handed over if it was, else elaborated now. */
export function elaborated(key: DesignKey, elaborate: () => Design): Elaborated {
  const text = keyText(key);
  const e = handed.get(text);
  if (e !== undefined) {
    handed.delete(text);
    return e;
  }
  const design = elaborate();
  return { design, inv: inventory(design) };
}

/** Keeps `e` for the next report's elaborated(key). */
export function handOver(key: DesignKey, e: Elaborated): void {
  handed.set(keyText(key), e);
}

/** Drops whatever was handed over and not taken (a report starts, or the last reader is done). */
export function dropHandedOver(): void {
  handed.clear();
}
