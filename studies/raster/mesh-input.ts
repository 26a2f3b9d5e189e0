// Reading a mesh file for the CLI: the workload module validates the mesh
// and names the JSON path of a bad value; this adds the line and column.
import { readFileSync } from 'node:fs';
import { JsonInputError, parseLocated } from '../../testbenches/json-locate.js';
import { meshFromJsonValue, MeshFormatError, type Mesh } from '../../testbenches/workloads/raster/index.js';

export function readMesh(file: string): Mesh {
  const doc = parseLocated(readFileSync(file, 'utf8'), file);
  try {
    return meshFromJsonValue(doc.value);
  } catch (e) {
    if (!(e instanceof MeshFormatError)) throw e;
    const at = doc.where(e.where === 'mesh' ? '' : e.where) ?? { line: 1, column: 1 };
    throw new JsonInputError(file, at.line, at.column, e.where, e.message.slice(e.where.length + 2));
  }
}
