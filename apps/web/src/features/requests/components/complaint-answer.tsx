// A complaint on its page in 'Mes demandes' (docs/product/complaints.md): the two deadlines the
// server computed and, once answered, the outcome, the broker's answer as written (naming the
// insurance mediator when it does not accept in full) and its PDF.
import { formatDate, formatReceivedAt } from '@espace/contract';
import { useComplaint, useComplaintAnswerHref } from '../api/get-complaint';
import { COMPLAINT_DETAIL_TEXTS as t } from '../texts';

export function ComplaintAnswer({ reference }: { reference: string }) {
  const complaint = useComplaint(reference);
  const href = useComplaintAnswerHref(reference);
  const data = complaint.data;
  if (!data) return null;
  return (
    <section className="request-complaint" aria-labelledby="complaint-answer-title">
      <h3 id="complaint-answer-title">{t.title}</h3>
      <dl className="field-list">
        <div>
          <dt>{t.acknowledgeBy}</dt>
          <dd>{formatDate(data.acknowledgeBy)}</dd>
        </div>
        <div>
          <dt>{t.answerBy}</dt>
          <dd>{formatDate(data.answerBy)}</dd>
        </div>
      </dl>
      {data.answeredAt && data.outcomeLabel ? (
        <>
          <p>
            <strong data-testid="complaint-outcome">{data.outcomeLabel}</strong>{' '}
            <time dateTime={data.answeredAt}>
              {t.answeredAt(formatReceivedAt(data.answeredAt))}
            </time>
          </p>
          <div className="request-complaint__answer" data-testid="complaint-answer">
            {(data.answer ?? '').split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {data.answerFileName && (
            <p>
              <a className="button button--secondary" href={href} download={data.answerFileName}>
                {t.download}
              </a>
            </p>
          )}
        </>
      ) : (
        <p>{t.waiting}</p>
      )}
    </section>
  );
}
