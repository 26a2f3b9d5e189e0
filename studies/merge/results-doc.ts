// docs/results/ from study runs: the tables a study's experiments wrote,
// copied as they are (pictures left in the report folder), so the figures
// in docs are the study's, never typed in.
//
//   npx tsx studies/merge/results-doc.ts REPORT_DIR... [--docs docs/results]
//
// For each REPORT_DIR (a `gfxrtl study NAME --out REPORT_DIR` folder) and
// each experiment in it, experiments/<name>/index.md (the experiment's full
// report) or else experiments/<name>.md becomes DOCS/<name>.md, headed by
// where it came from.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../hdl/errors.js';
import { writeOutputFile } from '../../hdl/output-file.js';

/** The experiment's tables as a docs page: image lines dropped, relative links made plain text. */
export function docsPage(markdown: string, source: string, when: string): string {
  const body = markdown
    .split('\n')
    .filter((l) => !/^!\[[^\]]*\]\([^)]*\)\s*$/.test(l.trim()))
    .map((l) => l.replace(/\[([^\]]+)\]\((?!https?:)[^)]*\)/g, '$1'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  return `<!-- Written by studies/merge/results-doc.ts from ${source} (${when}); do not edit: rerun the study and the script. Pictures stay in that folder. -->\n\n${body.trim()}\n`;
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
      writeOutputFile(file, docsPage(readFileSync(src, 'utf8'), src, when));
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
