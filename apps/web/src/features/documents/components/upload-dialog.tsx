// SPEC §2 upload modal and §5 rules: files picked or dropped are checked (10 MB, pdf/png/jpeg/
// jpg, not already attached, at most maxFileNumber); Confirm needs files, and exactly
// exactFileNumber when set. Confirm sends one request per file (SPEC §7) with its own progress
// bar and result (SPEC §8). All sent: success banner, modal closed, policies reloaded (statuses,
// the dot and the banner of the policies page read that query). Some failed: the failed files
// stay listed with their messages. An unexpected exception: 'Erreur de fichier interne'.
import {
  canConfirm,
  checkFilesToAttach,
  DEFAULT_MAX_FILE_NUMBER,
  UPLOAD_MESSAGES,
  uploadResultMessage,
  uploadSucceeded,
  type DocumentToProvide,
  type Policy,
} from '@espace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { policiesQueryKey } from '../../../api/policies';
import { useBanner } from '../../../components/banner/banner-context';
import { Dialog } from '../../../components/dialog/dialog';
import { ANALYTICS_EVENTS, trackEvent } from '../../../lib/analytics';
import { useSession } from '../../../lib/session';
import { uploadFile } from '../api/upload-file';
import { AttachedFiles, type Attached } from './attached-files';
import { FilePicker } from './file-picker';
import { policyTitle } from './policy-title';

let nextId = 0;

export function UploadDialog({
  policy,
  doc,
  onClose,
}: {
  policy: Policy;
  doc: DocumentToProvide;
  onClose(): void;
}) {
  const { accountId } = useSession();
  const { showBanner } = useBanner();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Attached[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const max = doc.maxFileNumber ?? DEFAULT_MAX_FILE_NUMBER;

  const add = (picked: File[]) => {
    const { accepted, errors: refused } = checkFilesToAttach(
      files.map((f) => f.file),
      picked,
      { maxFileNumber: max },
    );
    setErrors(refused);
    setFiles((current) => [
      ...current,
      ...accepted.map((file) => ({ id: `f${nextId++}`, file, progress: null })),
    ]);
  };
  const update = (id: string, change: Partial<Attached>) =>
    setFiles((current) => current.map((f) => (f.id === id ? { ...f, ...change } : f)));

  const confirm = async () => {
    setSending(true);
    setErrors([]);
    const failed = new Set<string>();
    let anySent = false;
    try {
      for (const attached of files) {
        update(attached.id, { progress: 0, message: undefined, failed: false });
        const outcome = await uploadFile({
          accountId,
          policyNumber: policy.policyNumber,
          fileType: doc.fileType,
          file: attached.file,
          onProgress: (progress) => update(attached.id, { progress }),
        });
        const ok = uploadSucceeded(outcome.status);
        anySent ||= ok;
        if (!ok) failed.add(attached.id);
        update(attached.id, {
          message: uploadResultMessage(outcome.status, outcome.body),
          failed: !ok,
        });
      }
    } catch {
      showBanner('error', UPLOAD_MESSAGES.exception);
      if (anySent) void queryClient.invalidateQueries({ queryKey: policiesQueryKey(accountId) });
      onClose();
      return;
    }
    if (anySent) {
      trackEvent(ANALYTICS_EVENTS.clientFileUploaded, { fileType: doc.fileType });
      void queryClient.invalidateQueries({ queryKey: policiesQueryKey(accountId) });
    }
    if (failed.size === 0) {
      showBanner('success', UPLOAD_MESSAGES.allSent);
      onClose();
      return;
    }
    setFiles((current) =>
      current.filter((f) => failed.has(f.id)).map((f) => ({ ...f, progress: null })),
    );
    setSending(false);
  };

  return (
    <Dialog open title={doc.name} onClose={onClose} busy={sending} className="upload-dialog">
      <p className="upload-dialog__context">
        {policyTitle(policy)} — {doc.description}
      </p>
      <FilePicker
        onFiles={add}
        errors={errors}
        disabled={sending}
        hint={
          doc.exactFileNumber
            ? `Joignez exactement ${doc.exactFileNumber} fichier(s).`
            : `Maximum ${max} fichier(s).`
        }
      />
      <AttachedFiles
        files={files}
        sending={sending}
        onRemove={(id) => setFiles((current) => current.filter((f) => f.id !== id))}
      />
      <div className="upload-dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={sending}
        >
          Annuler
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void confirm()}
          disabled={sending || !canConfirm(files.length, doc.exactFileNumber)}
        >
          Confirmer
        </button>
      </div>
    </Dialog>
  );
}
