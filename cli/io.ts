// File output for the CLI: results go through hdl/output-file.ts (atomic for
// regular files, written through for devices, FIFOs and symlinks, - is stdout).
export { checkOutputDir, checkOutputFile, writeOutputFile as writeFileAtomic } from '../hdl/output-file.js';

/** Values for JSON: numbers while exact, hex strings beyond 2^53. */
export function jsonValue(v: bigint): number | string {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : `0x${v.toString(16)}`;
}
