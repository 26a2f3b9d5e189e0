// canonicalText over the flat netlists a sweep compiles (the simulator code
// cache's key, hdl/sim/runtime/code-cache.ts), against its plain form
// (hdl/canonical-text-reference.ts) in the same run: ms per netlist and the
// ratio. Checks the two texts are the same first.
//
//   npx tsx bench/canonical-text.ts [STUDY] [PICKS] [ROUNDS]
import { canonicalText } from '../hdl/canonical-text.js';
import { InternalError } from '../hdl/errors.js';
import { canonicalTextReference } from '../hdl/canonical-text-reference.js';
import { flatten } from '../hdl/flatten.js';
import { mainJobSpace } from './driver-ratio.js';

const [studyName = 'blur', picks = '25,125,175,300,375,575', rounds = '3'] = process.argv.slice(2);
const { domain, entries } = mainJobSpace(studyName);
const flats = picks.split(',').map((i) => flatten(domain.evaluator.elaborate(domain.microArch(entries[Number(i) % entries.length]!.params))));
for (const f of flats) if (canonicalText(f) !== canonicalTextReference(f)) throw new InternalError(`bench/canonical-text: the texts of ${f.topName} differ`);
console.log(`${studyName}: ${flats.length} flat netlists, ${flats.map((f) => `${(canonicalText(f).length / 1e6).toFixed(2)} MB`).join(', ')} of text; the two texts are the same`);
const time = (f: (x: unknown) => string): number => {
  const t = performance.now();
  for (const n of flats) f(n);
  return (performance.now() - t) / flats.length;
};
for (let r = 0; r < Number(rounds); r++) {
  const plain = time(canonicalTextReference);
  const fast = time(canonicalText);
  console.log(`round ${r + 1}: plain ${plain.toFixed(1)} ms per netlist, canonicalText ${fast.toFixed(1)} ms (${(fast / plain).toFixed(2)}x)`);
}
