// The files the customer sent (docs/console.md « Demandes »): an image shown in the page, a
// PDF in a frame of the console's own origin (the file is sent sandboxed), each with its
// download link. Reading one is audited by the server. An image over the pixel limits is never
// sent to the page (its preview address answers 409): « Aperçu indisponible » takes its place.
import { useState } from 'react';
import { imagePreviewRefusal, type ConsoleRequestDetail } from '@espace/contract';
import { formatSize } from '../../../lib/format';

type File = ConsoleRequestDetail['files'][number];

function ImagePreview({ file }: { file: File }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="muted">{imagePreviewRefusal()}</p>;
  return (
    <img
      className="preview"
      src={file.previewHref}
      alt={`Aperçu de ${file.name}`}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

function Preview({ file }: { file: File }) {
  if (file.contentType.startsWith('image/')) return <ImagePreview file={file} />;
  if (file.contentType === 'application/pdf')
    return (
      <iframe className="preview preview--pdf" src={file.href} title={`Aperçu de ${file.name}`} />
    );
  return null;
}

export function RequestFiles({ files }: { files: File[] }) {
  return (
    <section aria-labelledby="files-title">
      <h2 id="files-title">Fichiers ({files.length})</h2>
      {files.length ? (
        <ul className="files">
          {files.map((file) => (
            <li key={file.id} className="card">
              <p className="files__name">
                {file.name} <span className="muted">{formatSize(file.size)}</span>
              </p>
              <Preview file={file} />
              <a href={file.href} download={file.name}>
                Télécharger {file.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun fichier.</p>
      )}
    </section>
  );
}
