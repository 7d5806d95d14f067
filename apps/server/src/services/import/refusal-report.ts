// The report of an import's refused lines, written beside the imported file as
// `<file>.refus.csv` (docs/integration.md « Import »): one row per field refused, `ligne;champ;
// raison`, semicolons and a byte-order mark so that a French spreadsheet opens it as it is.
// Rows are written as the lines finish (the stream's back-pressure is respected), so a file of
// any size is reported in constant memory; each run starts the report afresh.
// Enforces: the report is a file this run creates (`open(path, 'wx')`, O_CREAT|O_EXCL, which
// never follows a symbolic link at the name, dangling or not), never a path opened through
// whatever lies at that name: an earlier run's report (a regular file) is replaced by removing
// its name first (which never follows a link), and anything else there (a symbolic link, a
// folder, a pipe) is refused with a French message before the import reads or writes anything
// (docs/decisions/0094-integration-clients-under-attack.md).
import { once } from 'node:events';
import { lstat, open, unlink, type FileHandle } from 'node:fs/promises';
import type { Refusal } from './run-import';

export const reportPathFor = (file: string) => `${file}.refus.csv`;

const cell = (value: string | number) => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The report's name is taken by something the import must not write through. */
export class RefusalReportPathTaken extends Error {
  constructor(readonly path: string) {
    super(
      `Le rapport des lignes refusées ne peut pas être écrit : ${path} existe et n’est pas un ` +
        'fichier ordinaire (un lien symbolique, un dossier…). Rien n’a été importé. ' +
        'Supprimez-le ou déplacez-le, puis relancez l’import.',
    );
  }
}

const taken = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EEXIST';

/** A file at `path` created by this call, or RefusalReportPathTaken. */
async function createExclusively(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (err) {
    if (!taken(err)) throw err;
  }
  if (!(await lstat(path)).isFile()) throw new RefusalReportPathTaken(path);
  await unlink(path);
  try {
    return await open(path, 'wx');
  } catch (err) {
    // Something took the name between the two: refused as well.
    throw taken(err) ? new RefusalReportPathTaken(path) : err;
  }
}

export async function openRefusalReport(file: string) {
  const path = reportPathFor(file);
  const out = (await createExclusively(path)).createWriteStream({ encoding: 'utf8' });
  out.write('\ufeffligne;champ;raison\n');
  return {
    path,
    async write(refusals: Refusal[]) {
      const rows = refusals.map((r) => `${r.line};${cell(r.field)};${cell(r.reason)}\n`).join('');
      if (!out.write(rows)) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'close');
    },
  };
}
