// 'Mon compte' › « Mes données » (docs/product/data-export.md): the customer asks for a copy of
// everything the broker holds about them; it is prepared in the background (the page polls
// where it stands, the progress said in a live region), then downloaded once, as a zip
// (docs/decisions/0121-data-export-through-the-outbox.md). A refused download says why in the
// banner (already used, expired), with the server's French text.
import { formatReceivedAt, type DataExport } from '@espace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { useBanner } from '../../../components/banner/banner-context';
import { DownloadButton } from '../../../components/download/download-button';
import { useDownloads } from '../../../components/download/use-download';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  dataExportQueryKey,
  downloadDataExport,
  useDataExport,
  useRequestDataExport,
} from '../api/data-export';
import { DATA_TEXTS as t } from '../data-texts';
import './data-page.css';

export function Component() {
  const state = useDataExport();
  const mutation = useRequestDataExport();
  const request = useActionLifecycle(mutation, { banners: t.banners.request });
  const latest = state.data?.export ?? null;
  const busy = mutation.isPending || latest?.status === 'pending';
  return (
    <section className="card data-export" aria-labelledby="data-title">
      <h2 id="data-title">{t.title}</h2>
      <p>{t.lead}</p>
      <p>{t.contents}</p>
      <ul className="data-export__files">
        {t.files.map((file) => (
          <li key={file}>{file}</li>
        ))}
      </ul>
      <p>{t.once}</p>
      {state.isError ? <p role="alert">{t.loadError}</p> : null}
      {state.isPending ? <Loading /> : null}
      <div role="status" aria-live="polite" className="data-export__live">
        {latest ? <LiveText latest={latest} /> : null}
      </div>
      {latest ? <Latest latest={latest} /> : null}
      {state.data ? (
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void request.run(undefined);
          }}
        >
          {latest ? t.requestAgain : t.request}
        </button>
      ) : null}
    </section>
  );
}

/** What screen readers hear: the phase and, while preparing, the progress. */
function LiveText({ latest }: { latest: DataExport }) {
  if (latest.status === 'pending') return <>{t.pending(latest.progress)}</>;
  if (latest.status === 'ready') return <>{t.ready}</>;
  return null;
}

function Latest({ latest }: { latest: DataExport }) {
  const { accountId } = useSession();
  const client = useQueryClient();
  const downloads = useDownloads();
  const { showBanner } = useBanner();
  const heading = useRef<HTMLHeadingElement>(null);
  const download = async () => {
    const done = await downloads.run(
      latest.id,
      () => downloadDataExport(accountId, latest.id),
      (error) =>
        showBanner(
          'error',
          error instanceof ApiError && typeof error.body === 'object'
            ? error.message
            : t.banners.downloadError,
        ),
    );
    await client.invalidateQueries({ queryKey: dataExportQueryKey(accountId) });
    // The button is gone once used: the focus goes to the section's state, not to <body>.
    if (done) heading.current?.focus();
  };
  return (
    <div className="data-export__latest">
      <h3 ref={heading} tabIndex={-1}>
        {t.statusTitle}
      </h3>
      <p>
        {t.requestedAt} {formatReceivedAt(latest.requestedAt)}
      </p>
      {latest.status === 'pending' ? (
        <progress
          className="data-export__progress"
          max={100}
          value={latest.progress}
          aria-label={t.progressLabel}
        />
      ) : null}
      {latest.status === 'ready' ? (
        <>
          {latest.expiresAt ? <p>{t.readyUntil(formatReceivedAt(latest.expiresAt))}</p> : null}
          <DownloadButton
            className="button button--secondary"
            busy={downloads.isBusy(latest.id)}
            onClick={() => void download()}
          >
            {t.download}
            {latest.size ? ` – ${t.size(Math.max(1, Math.round(latest.size / 1024)))}` : null}
          </DownloadButton>
        </>
      ) : null}
      {latest.status === 'downloaded' ? <p>{t.downloaded}</p> : null}
      {latest.status === 'expired' ? <p>{t.expired}</p> : null}
      {latest.status === 'failed' ? <p role="alert">{t.failed}</p> : null}
    </div>
  );
}
