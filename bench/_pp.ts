import { existsSync, readFileSync } from 'node:fs';
import { decodeInventory, inventoryFile, type StoredInventory } from '../explore/sweep/inventory-file.js';
import { physicalPoints, readManifest } from '../explore/sweep/index.js';
import { priceFigures } from '../synth-models/price.js';
const dir = process.argv[2]!;
const rounds = Number(process.argv[3] ?? 3);
const manifest = readManifest(dir)!;
const { spec, knobs } = manifest.identity;
const files = manifest.identity.microArchs.map((m) => inventoryFile(dir, m.id)).filter((f) => existsSync(f));
const texts = files.map((f) => readFileSync(f, 'utf8'));
for (let r = 0; r < rounds; r++) {
  const t0 = performance.now();
  let points = 0; let sum = 0;
  for (const text of texts) {
    const inv = decodeInventory(JSON.parse(text) as StoredInventory);
    const ps = physicalPoints(inv, { spec, knobs });
    for (const p of ps) { const f = priceFigures(inv, p, { knobs, arith: spec.arith }); sum += (f as any).areaMm2 ?? 0; }
    points += ps.length;
  }
  console.log(r, points, (performance.now() - t0).toFixed(0), 'ms', sum);
}
