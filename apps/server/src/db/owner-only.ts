// Folders 0700 and files 0600 (docs/operations.md "Data folder"): the database files hold
// password hashes and signing keys, and nothing on the machine but the server reads them,
// whatever the process umask.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates `folder` if needed and sets the modes of everything inside it. */
export async function ownerOnly(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  await chmod(folder, FOLDER_MODE);
  // Side by side rather than one after the other: PGlite's folder holds a thousand files, and
  // this runs on every start.
  await Promise.all(
    (await readdir(folder, { withFileTypes: true })).map(async (entry) => {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) await ownerOnly(child);
      else if (entry.isFile()) await chmod(child, FILE_MODE);
    }),
  );
}
