// The command line that reproduces a sweep directory, rebuilt from its
// manifest (so the report states it even when the recorded command was run
// from a script or a test).
import { onlyText, DEFAULT_CLOCKS_GHZ } from './spec.js';
import type { Shard, SweepIdentity } from './manifest.js';

function quote(s: string): string {
  return /^[A-Za-z0-9_./=,:+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

export function sweepCommandLine(id: SweepIdentity, shard: Shard | null, out: string): string {
  const parts = ['gfxrtl', 'sweep', '--study', quote(id.study.name)];
  if (id.workload.name !== undefined) parts.push('--workload', quote(id.workload.name));
  const params = Object.entries(id.workloadParams);
  if (params.length > 0) parts.push('--param', quote(params.map(([k, v]) => `${k}=${v}`).join(',')));
  parts.push('--seed', String(id.workload.seed));
  const only = onlyText(id.axes, id.spec);
  if (only) parts.push('--only', quote(only));
  const st = id.spec.stages;
  if (st.kind === 'list') parts.push('--stages', st.values.join(','));
  else if (st.ghz.join() !== DEFAULT_CLOCKS_GHZ.join()) parts.push('--clocks', st.ghz.join(','));
  if (id.spec.activity !== 'full') parts.push('--activity', id.spec.activity);
  if (id.spec.arith !== 'timed') parts.push('--arith', id.spec.arith);
  if (id.knobsSource !== 'default') parts.push('--knobs', quote(id.knobsSource));
  if (shard) parts.push('--shard', `${shard.index}/${shard.count}`);
  parts.push('--out', quote(out));
  return parts.join(' ');
}
