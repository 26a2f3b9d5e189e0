// The HTML report's page shell: escaping, one stylesheet, and the layout
// every page shares. Pages work from file:// with no network: scripts and
// data are files beside them or inline.

/** Text as HTML (element content and attribute values). */
export function esc(s: string | number | boolean): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script type="application/json"> block (no '</' can close it). */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${esc(id)}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1180px; padding: 0 16px 48px; color: #1b1b1b; }
h1 { font-size: 22px; margin: 18px 0 6px; } h2 { font-size: 18px; margin: 26px 0 8px; } h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; } th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: right; vertical-align: top; }
th { background: #f2f2f2; } td.l, th.l { text-align: left; } tr.hidden { display: none; }
details > summary { cursor: pointer; color: #0550ae; }
pre { background: #f6f8fa; padding: 8px; overflow: auto; max-height: 480px; font-size: 12px; }
.filters { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0 12px; padding: 8px; background: #f6f8fa; }
.filters label { font-size: 13px; } .chart { margin: 6px 0; }
#tooltip { position: fixed; pointer-events: none; background: #fff; border: 1px solid #888; padding: 4px 8px; font-size: 12px; display: none; z-index: 10; box-shadow: 0 1px 4px #0003; }
.note { color: #555; font-size: 13px; } .wave { overflow: auto; }
a { color: #0550ae; }
`;

/** A whole page: title, body, and scripts (relative paths) loaded after the body. */
export function page(title: string, body: string, scripts: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
${body}
${scripts.map((s) => `<script src="${esc(s)}"></script>`).join('\n')}
</body></html>
`;
}

/** A table from a header row and body rows of already-escaped cells; `left` columns align left. */
export function htmlTable(head: readonly string[], rows: readonly (readonly string[])[], left = 1, rowAttrs?: (i: number) => string): string {
  const cell = (tag: string, c: string, i: number): string => `<${tag}${i < left ? ' class="l"' : ''}>${c}</${tag}>`;
  return `<table><thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>\n${rows.map((r, j) => `<tr${rowAttrs ? rowAttrs(j) : ''}>${r.map((c, i) => cell('td', c, i)).join('')}</tr>`).join('\n')}\n</tbody></table>`;
}
