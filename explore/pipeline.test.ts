import { describe, expect, it } from 'vitest';
import { narrowingLine } from './pipeline.js';

describe("the main job's narrowing line", () => {
  it('shows the sweep options a study narrows by, and none for a narrowing of its experiments alone', () => {
    expect(narrowingLine('blur', { why: 'hours on 2 cores', only: 'stp=4.8', params: { count: 512 } })).toBe('gfxrtl study --all: blur narrowed (hours on 2 cores): --only stp=4.8 --param count=512; gfxrtl study blur runs it in full');
    expect(narrowingLine('noblur', { why: 'twice the time', only: 'recip=unrolled|iterative' })).toBe('gfxrtl study --all: noblur narrowed (twice the time): --only recip=unrolled|iterative; gfxrtl study noblur runs it in full');
    expect(narrowingLine('qfm', { why: 'decimated surfaces' })).toBe('gfxrtl study --all: qfm narrowed (decimated surfaces); gfxrtl study qfm runs it in full');
  });
});
