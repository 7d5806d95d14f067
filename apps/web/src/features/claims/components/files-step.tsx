// Photos of the damage (up to CLAIM_MAX_PHOTOS, taken or chosen, resized in the browser) or the
// constat's pages (a PDF, or photos of it), each sent as soon as chosen; the list says what the
// server holds, each with its remove button.
import {
  CLAIM_MAX_CONSTAT_FILES,
  CLAIM_MAX_PHOTOS,
  type ClaimDraft,
  type ClaimFileRole,
} from '@espace/contract';
import { useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useClaimFiles } from '../api/claim-drafts';
import { resizePhoto } from './resize-photo';

const TEXTS: Record<ClaimFileRole, { label: string; max: number; accept: string }> = {
  photo: { label: 'Ajouter des photos des dégâts', max: CLAIM_MAX_PHOTOS, accept: 'image/*' },
  constat: {
    label: 'Ajouter le constat (PDF ou photos)',
    max: CLAIM_MAX_CONSTAT_FILES,
    accept: 'application/pdf,image/*',
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
        await add.mutateAsync({ role, file: ready });
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : 'l’image n’a pas pu être lue';
        setStatus(`${file.name}\u00a0: ${reason}`);
        return;
      }
    }
    if (chosen.length > 0) setStatus(`${chosen.length} fichier(s) ajouté(s).`);
  };

  return (
    <div className="claim-files">
      <p>
        {files.length} sur {texts.max} au plus.
      </p>
      {files.length < texts.max && (
        <div className="form-field">
          <label htmlFor={inputId}>{texts.label}</label>
          <input
            id={inputId}
            className="claim-files__input"
            type="file"
            multiple
            accept={texts.accept}
            onChange={(e) => void choose(e)}
          />
        </div>
      )}
      <p role="status" className="claim-files__status">
        {status}
      </p>
      {files.length > 0 && (
        <ul className="claim-files__list">
          {files.map((file) => (
            <li key={file.id}>
              <span>{file.fileName}</span>
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
