// How much of a sweep's freshly compiled simulator code a per-module code
// cache could take from designs compiled before it: the upper bound of the
// lever that generated code per module (a function per module netlist,
// shared by its instances and by later designs in the same worker thread,
// already optimised by V8) would pull, before anyone builds it.
//
// It replays a main job's compilations: from the profile a `npm run
// bench:study -- --out DIR` run leaves (DIR/profile.jsonl), each sweep
// task that compiled a simulator, per worker thread in the order the thread
// ran them. For each such design its instances are walked from the top: an
// instance whose netlist (operators, widths, paths within it, inner edges, in
// node order: bench/instance-signature.ts) was met before, earlier in
// this design or in an earlier design of the same thread, counts whole as
// reused; otherwise its own nodes count as new and its children are looked
// at in turn. The top module's own nodes are always new. Instances are read
// from the cost model's timing graph (hdl/inventory), whose nodes stand for
// the same modules' logic as the simulator's netlist, not node for node.
//
//   npx tsx bench/kernel-reuse.ts PROFILE [STUDIES]
//
// STUDIES: comma-separated (default blur,hybrid,noblur). Not a test: it
// prints figures.
import { existsSync, readFileSync } from 'node:fs';
import { UserError } from '../hdl/errors.js';
import { graphArrays } from '../hdl/inventory/graph-arrays.js';
import { inventory } from '../hdl/inventory/index.js';
import { mainJobSpace } from './driver-ratio.js';
import { nodesByInstance, signature } from './instance-signature.js';

const [profileArg, studiesArg = 'blur,hybrid,noblur'] = process.argv.slice(2);
if (profileArg === undefined || !existsSync(profileArg)) {
  throw new UserError(`kernel-reuse: give the profile of a main job (npm run bench:study -- --no-ratio --out DIR, then DIR/profile.jsonl)${profileArg === undefined ? '' : `; ${profileArg} does not exist`}`);
}

/** Per study, per thread: the ids of the sweep tasks that compiled a simulator, in the order they ended. */
function compilations(file: string): Map<string, Map<number, string[]>> {
  const out = new Map<string, Map<number, string[]>>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const e = JSON.parse(line) as { ev?: string; study?: string; thread?: number; id?: string; compiled?: number };
    if (e.ev !== 'task' || (e.compiled ?? 0) === 0 || e.study === undefined || e.thread === undefined || e.id === undefined) continue;
    const byThread = out.get(e.study) ?? new Map<number, string[]>();
    out.set(e.study, byThread);
    const ids = byThread.get(e.thread) ?? [];
    byThread.set(e.thread, ids);
    // A replicate's task is the micro-architecture's id and '#k'.
    ids.push(e.id.replace(/#\d+$/, ''));
  }
  return out;
}

const compiled = compilations(profileArg);
console.log(`kernel-reuse: the sweeps' compilations in ${profileArg}, per worker thread in the order it ran them`);
console.log('study | threads | designs compiled | timing-graph nodes | in instances met before (earlier in the design or in an earlier design of its thread) | the same, after the tenth design of a thread | first design of each thread');
for (const studyName of studiesArg.split(',')) {
  const byThread = compiled.get(studyName);
  if (byThread === undefined) {
    console.log(`${studyName} | 0 | 0 | - | - | - | -`);
    continue;
  }
  const { study, domain, entries } = mainJobSpace(studyName);
  const byId = new Map(entries.map((e) => [e.id, e]));
  // Nodes compiled and reused: all designs, each thread's first, each thread's eleventh on.
  const sum = { designs: 0, total: 0, reused: 0, firstTotal: 0, firstReused: 0, lateTotal: 0, lateReused: 0 };
  for (const ids of byThread.values()) {
    const seen = new Set<string>();
    ids.forEach((id, k) => {
      const e = byId.get(id);
      if (e === undefined) throw new UserError(`kernel-reuse: ${id} is not in ${studyName}'s main-job space; was the profile made by another version?`);
      const inv = inventory(study.unit.elaborate(domain.microArch(e.params)));
      const ga = graphArrays(inv.graph);
      const byPath = new Map(inv.instances.map((i) => [i.path, i]));
      const under = nodesByInstance(ga, [...byPath.keys()]);
      let dTotal = 0;
      let dReused = 0;
      const walk = (path: string, top: boolean): void => {
        const ids = under.get(path)!;
        const inst = byPath.get(path)!;
        const sig = top ? null : `${inst.module}|${signature(inv, ga, path, ids)}`;
        if (sig !== null && seen.has(sig)) {
          dReused += ids.length;
          return;
        }
        if (sig !== null) seen.add(sig);
        dTotal += ids.length - inst.children.reduce((s, c) => s + under.get(c)!.length, 0);
        for (const c of inst.children) walk(c, false);
      };
      walk(inv.instances[0]!.path, true);
      dTotal += dReused;
      sum.designs++;
      sum.total += dTotal;
      sum.reused += dReused;
      if (k === 0) {
        sum.firstTotal += dTotal;
        sum.firstReused += dReused;
      }
      if (k >= 10) {
        sum.lateTotal += dTotal;
        sum.lateReused += dReused;
      }
    });
  }
  const pc = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`${studyName} | ${byThread.size} | ${sum.designs} | ${sum.total} | ${pc(sum.reused, sum.total)} | ${pc(sum.lateReused, sum.lateTotal)} | ${pc(sum.firstReused, sum.firstTotal)}`);
}
