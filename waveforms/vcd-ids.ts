// VCD identifier codes: printable ASCII 33..126 ('!'..'~'), as short as
// possible. Bijective base 94, so n signals need ceil(log94 n) characters and
// no code is a prefix-padded twin of another ('!' and '!!' are distinct).
import { ParamError } from '../hdl/errors.js';
const FIRST = 33;
const BASE = 94;

export function vcdId(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new ParamError('index', index, 'a natural number', { message: `VCD id index must be a natural number, got ${index}` });
  let n = index;
  let s = '';
  do {
    s = String.fromCharCode(FIRST + (n % BASE)) + s;
    n = Math.floor(n / BASE) - 1;
  } while (n >= 0);
  return s;
}
