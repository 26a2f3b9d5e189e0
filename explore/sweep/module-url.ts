// npm start runs a compiled copy of the sources (pack/run-compiled.mjs),
// which says where it is and where the sources are ($GFXRTL_RUN_TREE,
// $GFXRTL_SOURCE_ROOT). A sweep records its study module by the source's
// URL, as a run through tsx does, so the sweep folder does not name a copy
// that a later edit replaces; and a source URL is imported from the copy
// while running from one (without tsx, a .ts source cannot be imported).
import { pathToFileURL } from 'node:url';

function roots(): { tree: string; sources: string } | null {
  const tree = process.env['GFXRTL_RUN_TREE'];
  const sources = process.env['GFXRTL_SOURCE_ROOT'];
  if (tree === undefined || sources === undefined || tree === '' || sources === '') return null;
  const dir = (p: string): string => pathToFileURL(p.endsWith('/') ? p : `${p}/`).href;
  return { tree: dir(tree), sources: dir(sources) };
}

/** `url` as a sweep records it: the source's URL for a module of the compiled copy. */
export function recordedModuleUrl(url: string): string {
  const r = roots();
  return r !== null && url.startsWith(r.tree) ? r.sources + url.slice(r.tree.length) : url;
}

/** `url` as this process imports it: the compiled copy's module for a source's URL, when running from a copy. */
export function runnableModuleUrl(url: string): string {
  const r = roots();
  return r !== null && url.startsWith(r.sources) && !url.startsWith(r.tree) ? r.tree + url.slice(r.sources.length) : url;
}
