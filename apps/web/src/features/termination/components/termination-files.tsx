// 'Charger documents' (docs/product/termination.md): the proof the chosen reason needs, the picker (the docs/product/termination.md
// file checks of the contract, as in the documents screen), hidden once the reason has all
// the files it takes (one for reason 2, two for reason 3), and each attached file removable.
import { checkFilesToAttach, type RefusedFile, type TerminationReason } from '@espace/contract';
import { useState } from 'react';
import { AttachedFiles, type Attached } from '../../../components/files/attached-files';
import { FilePicker } from '../../../components/files/file-picker';
import { FieldError } from '../../../components/form/form-field';

export function TerminationFiles({
  reason,
  files,
  onChange,
  error,
  disabled,
}: {
  reason: TerminationReason | undefined;
  files: Attached[];
  onChange(files: Attached[]): void;
  error: string | undefined;
  disabled: boolean;
}) {
  const [errors, setErrors] = useState<RefusedFile[]>([]);
  if (!reason) return null;
  const max = reason.maxFiles;
  const add = (picked: File[]) => {
    const checked = checkFilesToAttach(
      files.map((f) => f.file),
      picked,
      { maxFileNumber: max },
    );
    setErrors(checked.refused);
    const added = checked.accepted.map((file) => ({
      id: crypto.randomUUID(),
      file,
      progress: null,
    }));
    if (added.length > 0) onChange([...files, ...added]);
  };
  return (
    <fieldset className="termination-files">
      <legend>Justificatifs</legend>
      <p className="termination-files__proof" id="termination-proof">
        {reason.proof}
      </p>
      <AttachedFiles
        files={files}
        sending={disabled}
        onRemove={(id) => {
          setErrors([]);
          onChange(files.filter((f) => f.id !== id));
        }}
      />
      {files.length < max && (
        <FilePicker
          label="Charger documents"
          onFiles={add}
          errors={errors}
          disabled={disabled}
          hint={`${max === 1 ? 'Un fichier' : `${max} fichiers au plus`} pour ce motif.`}
        />
      )}
      {error && <FieldError id="termination-files-error">{error}</FieldError>}
    </fieldset>
  );
}
