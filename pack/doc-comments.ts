// The package's public surface and which of it has no doc comment: every
// name each entry point (api/*.ts, package.json "exports") exports,
// followed through re-exports to its declaration. pack/api-docs.test.ts
// fails on any undocumented one; TypeDoc builds the reference from the same
// comments (npm run api).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The package's entry points: import specifier -> source file. */
export const ENTRY_POINTS: Readonly<Record<string, string>> = {
  gfxrtl: 'api/index.ts',
  'gfxrtl/lib': 'api/lib.ts',
  'gfxrtl/testbench': 'api/testbench.ts',
  'gfxrtl/cost': 'api/cost.ts',
  'gfxrtl/explore': 'api/explore.ts',
};

export interface PublicExport {
  entry: string;
  name: string;
  /** Repository-relative file of its declaration. */
  file: string;
  documented: boolean;
}

function documented(decl: ts.Declaration): boolean {
  // A variable's comment sits on its statement; an overload set counts when any signature has one.
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  return ts.getJSDocCommentsAndTags(node).some((d) => ts.isJSDoc(d) && (d.comment !== undefined || (d.tags?.length ?? 0) > 0));
}

/** Every export of every entry point (repository-relative files), with whether its declaration has a doc comment. */
export function publicExports(entries: Readonly<Record<string, string>> = ENTRY_POINTS): PublicExport[] {
  const files = Object.values(entries).map((f) => join(ROOT, f));
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const out: PublicExport[] = [];
  for (const [entry, file] of Object.entries(entries)) {
    const sf = program.getSourceFile(join(ROOT, file))!;
    const mod = checker.getSymbolAtLocation(sf)!;
    for (const sym of checker.getExportsOfModule(mod)) {
      const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
      const decls = target.declarations ?? [];
      out.push({
        entry,
        name: sym.name,
        file: decls[0] ? ts.sys.resolvePath(decls[0].getSourceFile().fileName).slice(ROOT.length + 1) : '(none)',
        documented: decls.some(documented),
      });
    }
  }
  return out;
}
