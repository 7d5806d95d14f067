// A button that downloads a document and shows it while it runs
// (docs/decisions/0047-upload-outcome-on-the-item.md): a spinner and « Téléchargement… » on the
// item, said once to screen readers, and the button marked disabled. It keeps focus (aria-disabled,
// not disabled, which would drop focus to <body>) and ignores taps until the download ends.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './download-button.css';

export const DOWNLOADING_LABEL = 'Téléchargement…';

export interface DownloadButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick'
> {
  /** True while the download runs. */
  busy: boolean;
  onClick(): void;
  children: ReactNode;
  /** A plain button says only « Téléchargement… » while busy; a document item keeps its text. */
  busyReplacesLabel?: boolean;
}

export function DownloadButton({
  busy,
  onClick,
  children,
  className,
  busyReplacesLabel = false,
  ...rest
}: DownloadButtonProps) {
  return (
    <>
      <button
        type="button"
        className={`${className ?? 'button'}${busy ? ' download-button--busy' : ''}`}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) onClick();
        }}
        {...rest}
      >
        {busy && busyReplacesLabel ? null : children}
        {busy && (
          <span className="download-busy" data-testid="download-busy">
            <span className="download-busy__spinner" aria-hidden="true" />
            {DOWNLOADING_LABEL}
          </span>
        )}
      </button>
      <span role="status" className="visually-hidden">
        {busy ? DOWNLOADING_LABEL : ''}
      </span>
    </>
  );
}
