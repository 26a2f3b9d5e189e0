// A test's own folder under the temporary directory, removed when the test
// passes. A failed test keeps it, and says where, so what the run wrote can
// be read. Before this, six test files left their folders behind: about
// ten per `npm test`, 825 on the development machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh folder named `prefix` plus six random characters, for the running test only. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(({ task }) => {
    if (task.result?.state === 'fail') console.error(`${task.name}: kept its folder ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
