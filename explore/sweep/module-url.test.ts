// A sweep run from npm start's compiled copy records its study module by the
// source's URL, and a source URL is imported from the copy while running from
// one; outside a copy both leave URLs alone.
import { afterEach, describe, expect, it } from 'vitest';
import { recordedModuleUrl, runnableModuleUrl } from './module-url.js';

const saved = { tree: process.env['GFXRTL_RUN_TREE'], sources: process.env['GFXRTL_SOURCE_ROOT'] };
afterEach(() => {
  for (const [k, v] of [['GFXRTL_RUN_TREE', saved.tree], ['GFXRTL_SOURCE_ROOT', saved.sources]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('study module URLs and npm start\'s compiled copy', () => {
  it('records the source and imports the copy', () => {
    process.env['GFXRTL_RUN_TREE'] = '/repo/.gfxrtl-run/0123456789abcdef';
    process.env['GFXRTL_SOURCE_ROOT'] = '/repo';
    const copy = 'file:///repo/.gfxrtl-run/0123456789abcdef/studies/blur/index.js';
    const source = 'file:///repo/studies/blur/index.js';
    expect(recordedModuleUrl(copy)).toBe(source);
    expect(runnableModuleUrl(source)).toBe(copy);
    // Idempotent, and other modules (a user's study) are left alone.
    expect(runnableModuleUrl(copy)).toBe(copy);
    expect(recordedModuleUrl(source)).toBe(source);
    expect(runnableModuleUrl('file:///home/me/study.ts')).toBe('file:///home/me/study.ts');
    // A sibling folder whose name starts like the checkout's is not in it.
    expect(runnableModuleUrl('file:///repo2/studies/x.js')).toBe('file:///repo2/studies/x.js');
  });

  it('leaves URLs alone outside a compiled copy', () => {
    delete process.env['GFXRTL_RUN_TREE'];
    delete process.env['GFXRTL_SOURCE_ROOT'];
    expect(recordedModuleUrl('file:///repo/.gfxrtl-run/x/studies/blur/index.js')).toBe('file:///repo/.gfxrtl-run/x/studies/blur/index.js');
    expect(runnableModuleUrl('file:///repo/studies/blur/index.js')).toBe('file:///repo/studies/blur/index.js');
  });
});

describe('a recorded module of gfxrtl\'s own, read from the compiled copy', () => {
  it('keeps its elaborations (the calibration loop reads the stored inventories)', async () => {
    const { importStudy, studyDomain } = await import('./study-ref.js');
    const { fileURLToPath } = await import('node:url');
    const blurStudy = await importStudy({ module: new URL('../../studies/blur/index.js', import.meta.url).href, name: 'blur' });
    // This checkout plays the copy; the sources are recorded as if they were elsewhere.
    process.env['GFXRTL_RUN_TREE'] = fileURLToPath(new URL('../../', import.meta.url));
    process.env['GFXRTL_SOURCE_ROOT'] = '/elsewhere/gfxrtl';
    const domain = studyDomain(blurStudy, { module: 'file:///elsewhere/gfxrtl/studies/blur/index.js' });
    expect(domain.evaluator.version).toBeDefined();
    // A module outside gfxrtl (a user's study) keeps none.
    expect(studyDomain(blurStudy, { module: 'file:///home/me/study.ts' }).evaluator.version).toBeUndefined();
  });
});

describe('a study module that is not there', () => {
  it('is a one-line StudyError naming the module, not a failed import', async () => {
    const { importStudy } = await import('./study-ref.js');
    const { StudyError } = await import('../contract.js');
    const { pathToFileURL } = await import('node:url');
    const gone = pathToFileURL('/nonexistent/gfxrtl-checkout/studies/blur/index.js').href;
    await expect(importStudy({ module: gone, name: 'blur' })).rejects.toThrow(StudyError);
    await expect(importStudy({ module: gone, name: 'blur' })).rejects.toThrow(`study module ${gone} is not there (moved or deleted since it was recorded)`);
    // From the sources (tsx), a recorded index.js is its index.ts: found.
    const here = new URL('../../studies/blur/index.js', import.meta.url).href;
    await expect(importStudy({ module: here, name: 'blur' })).resolves.toMatchObject({ name: 'blur' });
  });
});
