// /account/requests/{reference}: one request as the customer follows it (docs/product/requests.md
// « Le détail d’une demande »): its kind, reference, contract and vehicle, its current status with
// the broker's message, what was asked line by line, the files sent and the timeline of statuses,
// oldest first, as an ordered list with <time> dates (Paris time). A reference that is not the
// customer's (the API's 404) shows the portal's not-found page, as any unknown address does.
// « Écrire au courtier » opens this request's conversation (docs/product/messages.md); « Faire une
// réclamation » a complaint about it, and a complaint shows its deadlines and answer.
import { formatReceivedAt, type RequestDetail, type RequestFile } from '@espace/contract';
import { Link, Navigate, useParams } from 'react-router';
import { useConversations } from '../../../api/get-conversations';
import { useRequestDetail } from '../../../api/get-request';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { ComplaintAnswer } from '../components/complaint-answer';
import { StatusDetails } from '../components/status-details';
import { REQUEST_DETAIL_TEXTS as t, REQUESTS_TEXTS } from '../texts';
import './requests-page.css';
import './request-detail-page.css';

const sizeFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes >= 1_000_000
    ? `${sizeFormat.format(bytes / 1_000_000)}\u00a0Mo`
    : `${sizeFormat.format(Math.max(1, Math.round(bytes / 1_000)))}\u00a0Ko`;
}

function fileType(file: RequestFile): string {
  if (file.contentType === 'application/pdf') return 'PDF';
  const [, sub] = file.contentType.split('/');
  return (sub ?? file.contentType).toUpperCase();
}

function Summary({ request }: { request: RequestDetail }) {
  const vehicle = request.vehicle;
  return (
    <dl className="field-list request-detail__facts">
      <div>
        <dt>{t.reference}</dt>
        <dd className="nowrap">{request.reference}</dd>
      </div>
      <div>
        <dt>{t.createdAt}</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatReceivedAt(request.createdAt)}</time>
        </dd>
      </div>
      <div className="request-detail__policy">
        <dt>{t.policy}</dt>
        <dd>
          {vehicle && request.policyNumber
            ? t.policyValue(
                `${vehicle.manufacturer} ${vehicle.model}`,
                vehicle.licensePlate,
                request.policyNumber,
              )
            : t.noPolicy}
        </dd>
      </div>
    </dl>
  );
}

function CurrentStatus({ request }: { request: RequestDetail }) {
  const current = request.timeline.at(-1);
  const message = request.statusMessage ?? request.statusReason;
  return (
    <div className="request-status" aria-labelledby="request-status-title">
      <h3 id="request-status-title">{t.status}</h3>
      <p>
        <span className={`requests__status requests__status--${request.status}`}>
          {request.statusLabel}
        </span>{' '}
        <time dateTime={request.statusChangedAt}>
          {t.since(formatReceivedAt(request.statusChangedAt))}
        </time>
      </p>
      {message && (
        <p className="request-status__message">
          {request.status === 'refused' ? REQUESTS_TEXTS.reason : REQUESTS_TEXTS.message} {message}
        </p>
      )}
      <StatusDetails details={current?.details ?? null} />
    </div>
  );
}

function Detail({ request }: { request: RequestDetail }) {
  return (
    <>
      <CurrentStatus request={request} />
      <h3 id="request-answers-title">{t.answers}</h3>
      <dl className="request-detail__answers" aria-labelledby="request-answers-title">
        {request.answers.map((answer) => (
          <div key={answer.label}>
            <dt>{answer.label}</dt>
            <dd>{answer.value}</dd>
          </div>
        ))}
      </dl>
      {request.files.length > 0 && (
        <>
          <h3 id="request-files-title">{t.files}</h3>
          <ul className="request-detail__files" aria-labelledby="request-files-title">
            {request.files.map((file) => (
              <li key={file.id}>
                <span className="request-detail__file-name">{file.name}</span>{' '}
                <span className="request-detail__file-meta">
                  ({t.fileMeta(fileType(file), fileSize(file.size))})
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 id="request-timeline-title">{t.timeline}</h3>
      <ol className="request-timeline" aria-labelledby="request-timeline-title">
        {request.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="request-timeline__entry">
            <time dateTime={entry.at} className="request-timeline__date">
              {formatReceivedAt(entry.at)}
            </time>
            <span className="request-timeline__status">{entry.statusLabel}</span>
            {entry.message && <p className="request-timeline__message">{entry.message}</p>}
            <StatusDetails details={entry.details} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** « Écrire au courtier »: this request's conversation when there is one, else a new message about it. */
function WriteToBroker({ reference, kind }: { reference: string; kind: string }) {
  const conversations = useConversations();
  const existing = conversations.data?.conversations.find(
    (c) => c.requestReference?.toUpperCase() === reference.toUpperCase(),
  );
  return (
    <p className="request-detail__write">
      <Link
        className="button button--secondary"
        to={existing ? paths.conversation(existing.id) : paths.messageNewAbout(reference)}
      >
        {t.write}
      </Link>
      {existing && existing.unread > 0 && (
        <span className="request-detail__unread"> {t.unread(existing.unread)}</span>
      )}
      {kind !== 'complaint' && (
        <>
          {' '}
          <Link className="button button--secondary" to={paths.complaintAbout(reference)}>
            {t.complaint}
          </Link>
        </>
      )}
    </p>
  );
}

export function Component() {
  const { reference = '' } = useParams();
  const request = useRequestDetail(reference);
  if (request.error instanceof ApiError && request.error.status === 404) {
    return <Navigate to={paths.notFound} replace />;
  }
  return (
    <section className="card request-detail" aria-labelledby="request-title">
      <p className="request-detail__back">
        <Link to={paths.accountRequests}>{t.back}</Link>
      </p>
      <h2 id="request-title" tabIndex={-1}>
        {request.data ? request.data.kindLabel : REQUESTS_TEXTS.title}
      </h2>
      {request.isError && <p role="alert">{t.error}</p>}
      {request.isPending && <Loading />}
      {request.data && (
        <>
          <Summary request={request.data} />
          <WriteToBroker reference={request.data.reference} kind={request.data.kind} />
          {request.data.kind === 'complaint' && (
            <ComplaintAnswer reference={request.data.reference} />
          )}
          <Detail request={request.data} />
        </>
      )}
    </section>
  );
}
