// The files attached in the upload modal and the termination form: name and size, a remove button, a <progress> bar
// while the file is sent, then its own result (docs/product/README.md per-file messages), which the screen can
// focus (`attachedResultId`) so the customer lands on what went wrong.
import './attached-files.css';

export interface Attached {
  id: string;
  file: File;
  /** 0 to 1 while sending; null when not being sent. */
  progress: number | null;
  message?: string;
  failed?: boolean;
}

/** The id of a file's result message, to move focus to it. */
export function attachedResultId(id: string): string {
  return `attached-result-${id}`;
}

function size(bytes: number): string {
  const format = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  return bytes >= 1_000_000
    ? `${format.format(bytes / 1_000_000)} Mo`
    : `${format.format(Math.max(1, Math.round(bytes / 1_000)))} Ko`;
}

export function AttachedFiles({
  files,
  sending,
  onRemove,
}: {
  files: Attached[];
  sending: boolean;
  onRemove(id: string): void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="attached-files" aria-label="Fichiers joints">
      {files.map((f) => (
        <li key={f.id} className="attached-file" data-testid="attached-file">
          <span className="attached-file__name">{f.file.name}</span>
          <span className="attached-file__size">{size(f.file.size)}</span>
          <button
            type="button"
            className="attached-file__remove"
            onClick={() => onRemove(f.id)}
            disabled={sending}
            aria-label={`Retirer ${f.file.name}`}
          >
            Retirer
          </button>
          {f.progress !== null && (
            <progress
              className="attached-file__progress"
              max={1}
              value={f.progress}
              aria-label={`Envoi de ${f.file.name}`}
            />
          )}
          {f.message && (
            <p
              id={attachedResultId(f.id)}
              className={`attached-file__result attached-file__result--${f.failed ? 'error' : 'success'}`}
              role={f.failed ? 'alert' : undefined}
              tabIndex={-1}
            >
              {f.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
