// Photos of the damage (up to CLAIM_MAX_PHOTOS, taken or chosen, resized in the browser) or the
// constat's pages (a PDF, or photos of it), each sent as soon as chosen; the list says what the
// server holds, each image as a thumbnail of the stored file (without its metadata: decision
// 0131) under its own name, each with its remove button. The chooser is the real file input,
// labelled, focusable, opened by Space and Enter as any.
import {
  API_PREFIX,
  API_ROUTES,
  apiPath,
  CLAIM_MAX_CONSTAT_FILES,
  CLAIM_MAX_PHOTOS,
  type ClaimDraft,
  type ClaimFile,
  type ClaimFileRole,
} from '@espace/contract';
import { useState, type ChangeEvent } from 'react';
import '../../../components/files/file-picker.css';
import { openPickerOnKey } from '../../../components/files/open-picker';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useClaimFiles } from '../api/claim-drafts';
import { resizePhoto } from './resize-photo';

const TEXTS: Record<
  ClaimFileRole,
  { label: string; max: number; accept: string; count(n: number, max: number): string }
> = {
  photo: {
    label: 'Ajouter des photos des dégâts',
    max: CLAIM_MAX_PHOTOS,
    accept: 'image/*',
    count: (n, max) =>
      n === 0
        ? `Aucune photo jointe pour l’instant (${max} au plus).`
        : `${n} photo${n > 1 ? 's' : ''} jointe${n > 1 ? 's' : ''} sur ${max} au plus.`,
  },
  constat: {
    label: 'Ajouter le constat (PDF ou photos)',
    max: CLAIM_MAX_CONSTAT_FILES,
    accept: 'application/pdf,image/*',
    count: (n, max) =>
      n === 0
        ? `Aucun fichier du constat pour l’instant (${max} au plus).`
        : `${n} fichier${n > 1 ? 's' : ''} du constat sur ${max} au plus.`,
  },
};

export function FilesStep({
  draft,
  fileRole: role,
}: {
  draft: ClaimDraft;
  fileRole: ClaimFileRole;
}) {
  const { add, remove } = useClaimFiles(draft.id);
  const [status, setStatus] = useState('');
  const files = draft.files.filter((f) => f.role === role);
  const texts = TEXTS[role];
  const inputId = `claim-files-${role}`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])].slice(0, texts.max - files.length);
    event.target.value = '';
    for (const [i, file] of chosen.entries()) {
      setStatus(`Envoi de ${file.name}…`);
      try {
        const ready = file.type.startsWith('image/')
          ? await resizePhoto(file, files.length + i + 1)
          : file;
        setStatus(`Envoi de ${ready.name}…`);
        await add.mutateAsync({ role, file: ready });
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : 'l’image n’a pas pu être lue';
        setStatus(`${file.name}\u00a0: ${reason}`);
        return;
      }
    }
    if (chosen.length > 0)
      setStatus(chosen.length > 1 ? `${chosen.length} fichiers ajoutés.` : '1 fichier ajouté.');
  };

  return (
    <div className="claim-files">
      <p id={`${inputId}-count`}>{texts.count(files.length, texts.max)}</p>
      {files.length < texts.max && (
        // The real input, hidden but focusable, opens the chooser (camera on a phone); its label
        // is the button the customer sees (components/files/file-picker.css).
        <div className="claim-files__pick">
          <input
            id={inputId}
            className="file-input visually-hidden"
            type="file"
            multiple
            accept={texts.accept}
            aria-describedby={`${inputId}-count`}
            onKeyDown={openPickerOnKey}
            onChange={(e) => void choose(e)}
          />
          <label htmlFor={inputId} className="button button--secondary file-input__label">
            {texts.label}
          </label>
        </div>
      )}
      <p role="status" className="claim-files__status">
        {status}
      </p>
      {files.length > 0 && (
        <ul className="claim-files__list">
          {files.map((file) => (
            <li key={file.id}>
              <FileThumbnail draftId={draft.id} file={file} />
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Retirer ${file.fileName}`}
                onClick={() => remove.mutate(file.id)}
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An image as its stored file (the server's, same origin: the CSP's img-src), a PDF as a tag. */
function FileThumbnail({ draftId, file }: { draftId: string; file: ClaimFile }) {
  const { accountId } = useSession();
  const src = `${API_PREFIX}${apiPath(API_ROUTES.claimDraftFile, { accountId, draftId, fileId: file.id })}`;
  // An image is named by its alt, its caption then said once; a PDF by its caption.
  const image = file.contentType.startsWith('image/');
  return (
    <span className="claim-file">
      {image ? (
        <img className="claim-file__thumbnail" src={src} alt={file.fileName} decoding="async" />
      ) : (
        <span className="claim-file__thumbnail claim-file__thumbnail--pdf" aria-hidden="true">
          PDF
        </span>
      )}
      <span className="claim-file__name" aria-hidden={image ? true : undefined}>
        {file.fileName}
      </span>
    </span>
  );
}
