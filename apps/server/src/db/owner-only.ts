// Folders 0700 and files 0600 (docs/operations.md "Data folder"): the database files hold
// password hashes and signing keys, and nothing on the machine but the server reads them,
// whatever the process umask.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * A file or folder that went while the walk reached it: the database may be opening beside the
 * walk (start-up.ts), and its recovery after a kill removes files. What is gone needs no mode.
 */
const unlessGone = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error;
};

/** Creates `folder` if needed and sets the modes of everything inside it. */
export async function ownerOnly(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  await chmod(folder, FOLDER_MODE);
  await walk(folder);
}

async function walk(folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error) => {
    unlessGone(error);
    return [];
  });
  // Side by side rather than one after the other: PGlite's folder holds a thousand files, and
  // this runs on every start.
  await Promise.all(
    entries.map(async (entry) => {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await chmod(child, FOLDER_MODE).then(() => walk(child), unlessGone);
      } else if (entry.isFile()) await chmod(child, FILE_MODE).catch(unlessGone);
    }),
  );
}
