// Throw-away folders made for a test file without a test to remove them (a configuration's
// documents folder, the stand-in for the portal's build): removed when the file ends
// (scratch-cleanup.ts), so a run leaves nothing behind in the temporary folder.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/** A new empty folder under the temporary folder, named `<prefix>…`, gone when the file ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder scratchDir made so far. */
export async function removeScratchDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
