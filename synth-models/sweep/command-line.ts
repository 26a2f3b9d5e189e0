// The command line that reproduces a sweep directory, rebuilt from its
// manifest (so the report states it even when the recorded command was run
// from a script or a test).
import { formatValue, onlyText, DEFAULT_CLOCKS_GHZ } from './spec.js';
import type { Shard, SweepIdentity } from './manifest.js';

function quote(s: string): string {
  return /^[A-Za-z0-9_./=,:+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

export function sweepCommandLine(id: SweepIdentity, shard: Shard | null, out: string): string {
  const parts = ['gfxrtl', 'sweep', '--domain', quote(id.domain.name)];
  for (const [k, v] of Object.entries(id.domain.options)) parts.push('--domain-option', quote(`${k}=${formatValue(v)}`));
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
