// A CAM with every form a merge buffer uses: two key write ports and an
// invalidate port (declared in that order, so invalidate > port 1 > port 0
// on the same entry), plain and masked searches with lowest and highest
// priority, key read-back and the valid vector. Shared by the CAM's tests
// and the library's bundled cross-simulation.
import { defineModule } from './module.js';
import { uint } from './types.js';

export const CamUnit = defineModule('CamUnit', (m, cfg: { entries: number; keyWidth: number; ternary?: boolean }) => {
  const ib = Math.max(1, Math.ceil(Math.log2(cfg.entries)));
  const kw = cfg.keyWidth;
  const i = {
    w0_idx: m.input('w0_idx', uint(ib)),
    w0_key: m.input('w0_key', uint(kw)),
    w0_valid: m.input('w0_valid', uint(1)),
    w0_en: m.input('w0_en', uint(1)),
    w1_idx: m.input('w1_idx', uint(ib)),
    w1_key: m.input('w1_key', uint(kw)),
    w1_en: m.input('w1_en', uint(1)),
    inv_idx: m.input('inv_idx', uint(ib)),
    inv_en: m.input('inv_en', uint(1)),
    s_key: m.input('s_key', uint(kw)),
    s_mask: m.input('s_mask', uint(kw)),
    r_idx: m.input('r_idx', uint(ib)),
  };
  const tags = m.cam('tags', { entries: cfg.entries, keyWidth: kw, ternary: cfg.ternary ?? false });
  const ports: Record<string, unknown> = { ...i };
  if (cfg.ternary) {
    // Port 0 takes its care mask from an input, port 1 cares about every bit.
    const w0_care = m.input('w0_care', uint(kw));
    ports.w0_care = w0_care;
    tags.writeTernary(i.w0_idx, i.w0_key, w0_care, i.w0_valid, i.w0_en);
    m.when(i.w1_en, () => tags.writeTernary(i.w1_idx, i.w1_key, m.lit((1n << BigInt(kw)) - 1n, uint(kw))));
  } else {
    tags.write(i.w0_idx, i.w0_key, i.w0_valid, i.w0_en);
    m.when(i.w1_en, () => tags.write(i.w1_idx, i.w1_key));
  }
  tags.invalidate(i.inv_idx, i.inv_en);
  const lo = tags.search(i.s_key);
  const hi = tags.search(i.s_key, { mask: i.s_mask, priority: 'highest' });
  const outs = {
    match: lo.match,
    hit_lo: lo.hit,
    idx_lo: lo.index,
    masked: hi.match,
    hit_hi: hi.hit,
    idx_hi: hi.index,
    rkey: tags.key(i.r_idx),
    valid: tags.valid(),
  };
  for (const [k, s] of Object.entries(outs)) {
    const o = m.output(k, uint(s.width));
    o.drive(s);
    ports[k] = o;
  }
  return ports as never;
});
