// Runs an external EDA tool; a failure carries the command line and the
// tool's own output, which is what anyone debugging it needs first.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function runTool(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, maxBuffer: 1 << 30, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) {
        const output = `${stderr}\n${stdout}`.trim().slice(0, 8000);
        const how = error.signal ? `was killed by ${error.signal}` : `failed (exit ${String(error.code)})`;
        reject(new Error(`${command} ${args.join(' ')} ${how} in ${cwd}:\n${output}`));
        return;
      }
      resolve({ stdout, stderr });
    });
  });
}

/** Writes `files` to a fresh temporary directory, runs `fn` there, cleans up. */
export async function inTempDir<T>(files: Map<string, string>, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'gfxrtl-'));
  try {
    for (const [name, text] of files) await writeFile(join(dir, name), text);
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
