// docs/product/documents.md upload modal rules: files picked or dropped are checked (10 Mo, pdf/png/jpeg/
// jpg, not already attached, at most maxFileNumber), each refused file named with its reason;
// Confirm needs files, and exactly exactFileNumber when set. Confirm sends one request per file
// (docs/product/documents.md) with its own progress bar and result (docs/product/documents.md). All sent: modal closed, the success
// message on the document's entry (onSent, docs/decisions/0047-upload-outcome-on-the-item.md),
// policies reloaded (statuses, the dot and the banner of the policies page read that query).
// Some failed: the failed files stay listed with their messages (the server's reason after
// « Erreur de chargement »), focus on the first. Confirm keeps focus while sending
// (aria-disabled: a disabled button would drop it to <body>). An unexpected exception: 'Erreur
// de fichier interne'.
// 'Annuler l’envoi' stops a slow upload; the dialog stays open and usable again, says
// so, and keeps the files not received yet, ready to be sent again or removed.
import {
  canConfirm,
  checkFilesToAttach,
  DEFAULT_MAX_FILE_NUMBER,
  missingFileCount,
  type RefusedFile,
  UPLOAD_MESSAGES,
  uploadResultMessage,
  uploadSucceeded,
  type DocumentToProvide,
  type Policy,
} from '@espace/contract';
import { useEffect, useRef, useState } from 'react';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { Dialog } from '../../../components/dialog/dialog';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { UploadCancelledError, useUploadFiles } from '../api/upload-files';
import {
  AttachedFiles,
  attachedResultId,
  type Attached,
} from '../../../components/files/attached-files';
import { FilePicker } from '../../../components/files/file-picker';
import { policyTitle } from './policy-title';
import './upload-dialog.css';

let nextId = 0;

export function UploadDialog({
  policy,
  doc,
  onClose,
  onSent,
}: {
  policy: Policy;
  doc: DocumentToProvide;
  onClose(): void;
  /** Every file was received: the message to show on the document's entry. */
  onSent(message: string): void;
}) {
  const [files, setFiles] = useState<Attached[]>([]);
  const [errors, setErrors] = useState<RefusedFile[]>([]);
  // The failed file whose message takes focus once the batch has ended.
  const [focusResult, setFocusResult] = useState<string | null>(null);
  useEffect(() => {
    if (focusResult) document.getElementById(attachedResultId(focusResult))?.focus();
  }, [focusResult]);
  // The files already received for this document count (one of two received: the
  // customer sends the missing one; contract missingFileCount and canConfirm).
  const missing = missingFileCount(doc);
  const received = missing > 0 ? doc.filesReceived : 0;
  const max = missing > 0 ? missing : (doc.maxFileNumber ?? DEFAULT_MAX_FILE_NUMBER);

  const add = (picked: File[]) => {
    const { accepted, refused } = checkFilesToAttach(
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

  const upload = useActionLifecycle(useUploadFiles(), {
    banners: {
      // The outcome goes on the document's entry (onSent) or stays in the dialog: no banner.
      success: () => null,
      // A cancellation is said in the dialog, which stays open (the banner is behind it).
      error: (error) => (error instanceof UploadCancelledError ? null : UPLOAD_MESSAGES.exception),
    },
    event: ({ sent }, batch) =>
      sent.length > 0
        ? { event: ANALYTICS_EVENTS.clientFileUploaded, data: { fileType: batch.fileType } }
        : null,
    onSuccess: ({ failed }) => {
      if (failed.length === 0) {
        onSent(UPLOAD_MESSAGES.allSent);
        onClose();
        return;
      }
      // The failed files stay listed with their messages, ready to be sent again.
      setFiles((current) =>
        current.filter((f) => failed.includes(f.id)).map((f) => ({ ...f, progress: null })),
      );
      setFocusResult(failed[0] ?? null);
    },
    onError: (error) => {
      if (!(error instanceof UploadCancelledError)) {
        onClose();
        return;
      }
      setCancelled(true);
      setFiles((current) =>
        current
          .filter((f) => !sentIds.current.has(f.id))
          .map((f) => ({ ...f, progress: null, message: undefined, failed: false })),
      );
    },
  });
  const sending = upload.isPending;
  // A slow upload can be cancelled ('Annuler l’envoi').
  const controller = useRef<AbortController | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // The files of the current submission the server has received (kept after a cancellation).
  const sentIds = useRef(new Set<string>());

  const confirm = () => {
    if (sending) return;
    setErrors([]);
    setFocusResult(null);
    setCancelled(false);
    sentIds.current = new Set();
    controller.current = new AbortController();
    void upload.run({
      signal: controller.current.signal,
      policyNumber: policy.policyNumber,
      fileType: doc.fileType,
      files,
      onFileStart: (id) => update(id, { progress: 0, message: undefined, failed: false }),
      onProgress: (id, progress) => update(id, { progress }),
      onFileDone: (id, { status, body }) => {
        if (uploadSucceeded(status)) sentIds.current.add(id);
        update(id, {
          message: uploadResultMessage(status, body),
          failed: !uploadSucceeded(status),
        });
      },
    });
  };

  return (
    <Dialog open title={doc.name} onClose={onClose} busy={sending} className="upload-dialog">
      <p className="upload-dialog__context">
        {policyTitle(policy)} — {doc.description}
      </p>
      {received > 0 && (
        <p className="upload-dialog__received" data-testid="files-received">
          {UPLOAD_MESSAGES.partlyReceived(received, doc.exactFileNumber ?? received)}
        </p>
      )}
      <FilePicker
        onFiles={add}
        errors={errors}
        disabled={sending}
        hint={
          received > 0
            ? UPLOAD_MESSAGES.sendMissing(missing)
            : doc.exactFileNumber
              ? `Joignez exactement ${doc.exactFileNumber} fichier(s).`
              : `Maximum ${max} fichier(s).`
        }
      />
      <AttachedFiles
        files={files}
        sending={sending}
        onRemove={(id) => setFiles((current) => current.filter((f) => f.id !== id))}
      />
      <div role="status" className="upload-dialog__cancelled">
        {cancelled && <p>{UPLOAD_MESSAGES.cancelled}</p>}
      </div>
      <div className="upload-dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => (sending ? controller.current?.abort() : onClose())}
        >
          {sending ? 'Annuler l’envoi' : 'Annuler'}
        </button>
        <button
          type="button"
          className="button"
          onClick={confirm}
          disabled={!sending && !canConfirm(files.length, doc.exactFileNumber, received)}
          aria-disabled={sending || undefined}
        >
          Confirmer
        </button>
      </div>
    </Dialog>
  );
}
