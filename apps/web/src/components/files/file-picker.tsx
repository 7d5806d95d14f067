// The file input and drop zone of the document upload modal and the termination form. The input is a real, labelled file input
// (keyboard and screen readers use it); the zone only adds drag and drop. Refusal messages of
// docs/product/README.md are announced and tied to the input, each with the name of the file it refuses
// (docs/decisions/0047-upload-outcome-on-the-item.md). Formats and size come from the contract's
// table (upload-types.ts), as does the `accept` attribute.
import {
  ACCEPTED_FORMATS_TEXT,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT_ATTRIBUTE,
  type RefusedFile,
} from '@espace/contract';
import { useId, useState, type DragEvent } from 'react';
import './file-picker.css';
import { openPickerOnKey } from './open-picker';

export function FilePicker({
  onFiles,
  errors,
  disabled,
  hint,
  label = 'Choisir des fichiers',
}: {
  onFiles(files: File[]): void;
  /** The files just refused, each with its reason. */
  errors: readonly RefusedFile[];
  disabled: boolean;
  hint: string;
  /** The button that opens the file chooser. */
  label?: string;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="drop-zone__text">Glissez vos fichiers ici ou</p>
      <input
        id={id}
        type="file"
        className="file-input visually-hidden"
        multiple
        accept={UPLOAD_ACCEPT_ATTRIBUTE}
        disabled={disabled}
        aria-describedby={`${id}-hint${errors.length ? ` ${id}-errors` : ''}`}
        onKeyDown={openPickerOnKey}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button--secondary file-input__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="drop-zone__hint">
        Formats acceptés{'\u00a0'}: {ACCEPTED_FORMATS_TEXT}. {MAX_UPLOAD_BYTES / 1_000_000}
        {'\u00a0'}Mo maximum par fichier. {hint}
      </p>
      <div id={`${id}-errors`} role="alert" className="upload-errors">
        {errors.map(({ name, message }, index) => (
          <p key={`${index}-${name}`} data-testid="refused-file">
            <span className="upload-errors__name">{name}</span>
            {'\u00a0'}: {message}
          </p>
        ))}
      </div>
    </div>
  );
}
