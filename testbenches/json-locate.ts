// A JSON reader that remembers where every value sits in the text, so an
// error in a stimulus or mesh file can say "line 14, cycles[12].en" rather
// than only "bad value". JSON.parse gives no positions for fields.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Located {
  value: Json;
  /** JSON-path-like key ("cycles[3].en") -> 1-based line and column. */
  where(path: string): { line: number; column: number } | undefined;
}

export class JsonInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}:${line}:${column}${field ? ` (${field})` : ''}: ${detail}`);
    this.name = 'JsonInputError';
  }
}

export function parseLocated(text: string, file: string): Located {
  let i = 0;
  const positions = new Map<string, number>();
  const lineCol = (pos: number): { line: number; column: number } => {
    let line = 1;
    let last = -1;
    for (let k = 0; k < pos && k < text.length; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        last = k;
      }
    }
    return { line, column: pos - last };
  };
  const fail = (msg: string, path: string): never => {
    const { line, column } = lineCol(i);
    throw new JsonInputError(file, line, column, path, msg);
  };
  const ws = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text.charAt(i))) i++;
  };
  const value = (path: string): Json => {
    ws();
    positions.set(path, i);
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: { [k: string]: Json } = {};
      ws();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a quoted key', path);
        const key = str(path);
        ws();
        if (text[i] !== ':') fail(`expected ':' after key "${key}"`, path);
        i++;
        obj[key] = value(path ? `${path}.${key}` : key);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail("expected ',' or '}'", path);
      }
    }
    if (c === '[') {
      i++;
      const arr: Json[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value(`${path}[${arr.length}]`));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("expected ',' or ']'", path);
      }
    }
    if (c === '"') return str(path);
    const lit = /^(true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!lit) return fail(c === undefined ? 'unexpected end of file' : `unexpected character '${c}'`, path);
    const word = lit[0];
    i += word.length;
    return word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
  };
  const str = (path: string): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) {
      i = start;
      fail('unterminated string', path);
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const v = value('');
  ws();
  if (i < text.length) fail('unexpected text after the JSON value', '');
  return {
    value: v,
    where: (path) => {
      const p = positions.get(path);
      return p === undefined ? undefined : lineCol(p);
    },
  };
}

/** Raise an input error at the position of `path`. */
export function failAt(doc: Located, file: string, path: string, detail: string): never {
  const w = doc.where(path) ?? { line: 1, column: 1 };
  throw new JsonInputError(file, w.line, w.column, path, detail);
}
