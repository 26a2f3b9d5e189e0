// Elaboration once: a micro-architecture's elaborated netlist kept on disk
// (hdl/disk-cache.ts) by the unit, its config and the gfxrtl version (every
// source file, hdl/source-version.ts), so the global study's three passes
// over its designs (simulation sweep, calibration loop, final sweep), the
// sweep's workers and later runs elaborate each design once. The design read
// back is the same netlist (hdl/design-json.ts), without source locations.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Design } from '../../hdl/ir.js';
import { canonicalText } from '../../hdl/canonical-text.js';
import { cacheRoot, DiskCache } from '../../hdl/disk-cache.js';
import { designFromJson, designToJson, type DesignJson } from '../../hdl/design-json.js';
import { gfxrtlVersion } from '../../hdl/source-version.js';

const FORMAT = 'gfxrtl-elaboration/2';
let disk: DiskCache | null | undefined;

/** Forget the cache folder (tests point $GFXRTL_CACHE_DIR elsewhere). */
export function resetDesignCache(): void {
  disk = undefined;
}

/** Whether the last cachedElaboration in this thread read its design from the cache. */
export const lastElaboration = { reused: false };

/** `elaborate()`'s design for `unit` at `config`, from the cache when it
 *  holds it. Only for gfxrtl's own units (`cacheable`: the study's module
 *  is one of its sources, hdl/source-version.ts isGfxrtlSource): the key
 *  knows gfxrtl's sources, not a plugin's, so a plugin unit edited between
 *  runs would be read back as it was. */
export function cachedElaboration(unit: string, config: unknown, elaborate: () => Design, cacheable = true): Design {
  lastElaboration.reused = false;
  if (!cacheable) return elaborate();
  if (disk === undefined) {
    const root = cacheRoot();
    disk = root === null ? null : new DiskCache(join(root, 'designs'), FORMAT, gfxrtlVersion());
  }
  if (disk === null) return elaborate();
  const key = createHash('sha256').update(`${FORMAT}\0${gfxrtlVersion()}\0${unit}\0${canonicalText(config)}`).digest('hex').slice(0, 32);
  const stored = disk.read(key, 'design');
  if (stored !== undefined) {
    try {
      const d = designFromJson(stored as unknown as DesignJson);
      lastElaboration.reused = true;
      return d;
    } catch (e) {
      // Not a design this code reads: elaborated afresh and overwritten below.
      process.stderr.write(`cache: design ${key} of ${unit} could not be read back (${e instanceof Error ? e.message : String(e)}); elaborating it again\n`);
    }
  }
  const design = elaborate();
  disk.write(key, 'design', designToJson(design) as never);
  return design;
}
