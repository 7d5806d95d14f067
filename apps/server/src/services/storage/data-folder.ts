// The data folder (database files with password hashes and signing keys, documents) is readable
// by its owner only, whatever the umask (issue 12): folders 0700, files 0600. server.ts also sets
// the process umask to 077 so that whatever is created later (PGlite's files, uploads) is too;
// this makes a folder left more open by an earlier version or another tool right at start.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates `folder` if needed and sets the modes of everything inside it. */
export async function secureFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  await chmod(folder, FOLDER_MODE);
  // Side by side rather than one after the other: PGlite's folder holds a thousand files, and
  // this runs on every start (issue 14).
  await Promise.all(
    (await readdir(folder, { withFileTypes: true })).map(async (entry) => {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) await secureFolder(child);
      else if (entry.isFile()) await chmod(child, FILE_MODE);
    }),
  );
}
