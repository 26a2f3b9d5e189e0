// docs/results/ from study runs: the tables a study's experiments wrote,
// copied as they are, and their heat maps (small PNGs, copied into
// DOCS/<name>/; the other pictures, plots of up to 0.7 MB, stay in the
// report folder), so the figures in docs are the study's, never typed in.
//
//   npx tsx studies/merge/results-doc.ts REPORT_DIR... [--docs docs/results]
//
// For each REPORT_DIR (a `gfxrtl study NAME --out REPORT_DIR` folder) and
// each experiment in it, experiments/<name>/index.md (the experiment's full
// report) or else experiments/<name>.md becomes DOCS/<name>.md, headed by
// where it came from.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../../hdl/errors.js';
import { writeOutputFile } from '../../hdl/output-file.js';

/** The pictures a docs page keeps: the heat maps the experiment wrote beside its index.md. */
export const KEPT_PICTURE = /^heatmap-[A-Za-z0-9._-]+\.png$/;

const IMAGE_LINE = /^!\[([^\]]*)\]\(([^)]*)\)\s*$/;

/** Pictures a page keeps (KEPT_PICTURE), in order. */
export function keptPictures(markdown: string): string[] {
  return markdown.split('\n').flatMap((l) => {
    const m = IMAGE_LINE.exec(l.trim());
    return m !== null && KEPT_PICTURE.test(m[2]!) ? [m[2]!] : [];
  });
}

/**
 * The experiment's tables as a docs page: kept pictures linked from
 * `pictures` (a folder relative to the page), other image lines dropped,
 * relative links made plain text.
 */
export function docsPage(markdown: string, source: string, when: string, pictures: string): string {
  const body = markdown
    .split('\n')
    .flatMap((l) => {
      const m = IMAGE_LINE.exec(l.trim());
      if (m === null) return [l.replace(/\[([^\]]+)\]\((?!https?:)[^)]*\)/g, '$1')];
      return KEPT_PICTURE.test(m[2]!) ? [`![${m[1]!}](${pictures}/${m[2]!})`] : [];
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  return `<!-- Written by studies/merge/results-doc.ts from ${source} (${when}); do not edit: rerun the study and the script. Heat maps copied beside it; the other pictures stay in that folder. -->\n\n${body.trim()}\n`;
}

export function writeResultsDocs(reports: readonly string[], docs: string, when = new Date().toISOString().slice(0, 10)): string[] {
  const written: string[] = [];
  for (const dir of reports) {
    const ex = join(dir, 'experiments');
    if (!existsSync(ex)) throw new UserError(`results-doc: ${dir} has no experiments/ folder (is it a gfxrtl study --out folder?)`);
    for (const name of readdirSync(ex).sort()) {
      const full = join(ex, name, 'index.md');
      const section = join(ex, name);
      if (!statSync(section).isDirectory()) continue;
      const src = existsSync(full) ? full : `${section}.md`;
      if (!existsSync(src)) continue;
      const file = join(docs, `${name}.md`);
      const markdown = readFileSync(src, 'utf8');
      for (const pic of keptPictures(markdown)) {
        const from = join(section, pic);
        if (!existsSync(from)) throw new UserError(`results-doc: ${src} shows ${pic}, which is not in ${section}`);
        const to = join(docs, name, pic);
        mkdirSync(dirname(to), { recursive: true });
        writeOutputFile(to, readFileSync(from));
        written.push(to);
      }
      writeOutputFile(file, docsPage(markdown, src, when, name));
      written.push(file);
    }
  }
  return written;
}

/** The command line: report folders, and `--docs DIR` anywhere among them (default docs/results). */
export function parseResultsDocArgs(args: readonly string[]): { reports: string[]; docs: string } {
  const at = args.indexOf('--docs');
  if (at < 0) return { reports: [...args], docs: join('docs', 'results') };
  const docs = args[at + 1];
  if (docs === undefined) throw new UserError('results-doc: --docs needs a folder');
  return { reports: args.filter((_, i) => i !== at && i !== at + 1), docs };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  try {
    const { reports, docs } = parseResultsDocArgs(process.argv.slice(2));
    if (reports.length === 0) throw new UserError('results-doc: give one or more study report folders (gfxrtl study NAME --out DIR)');
    for (const f of writeResultsDocs(reports, docs)) console.log(`wrote ${f}`);
  } catch (e) {
    console.error(e instanceof UserError ? e.message : String(e));
    process.exit(e instanceof UserError ? 2 : 1);
  }
}
