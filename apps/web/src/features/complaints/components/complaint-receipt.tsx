// The receipt of a complaint (docs/product/complaints.md): its reference at once, the two
// deadlines computed by the server, how it goes on (the contract's complaintProcess, as the
// acknowledgement mail says it), the files the server refused, and where to follow it.
import { complaintProcess, formatDate } from '@espace/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { FiledComplaint } from '../api/file-complaint';
import { COMPLAINT_TEXTS as t } from '../texts';

export function ComplaintReceipt({ filed: { receipt, refused } }: { filed: FiledComplaint }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="card complaint-receipt" data-testid="complaint-receipt">
      <h2 id="complaint-receipt-title" ref={title} tabIndex={-1}>
        {t.sentTitle}
      </h2>
      <dl className="field-list">
        <div>
          <dt>{t.reference}</dt>
          <dd className="nowrap" data-testid="complaint-reference">
            {receipt.reference}
          </dd>
        </div>
        <div>
          <dt>{t.acknowledgeBy}</dt>
          <dd>{formatDate(receipt.acknowledgeBy)}</dd>
        </div>
        <div>
          <dt>{t.answerBy}</dt>
          <dd>{formatDate(receipt.answerBy)}</dd>
        </div>
      </dl>
      {refused.length > 0 && (
        <div role="alert" className="upload-errors">
          {refused.map((file) => (
            <p key={file.name}>{t.fileRefused(file.name, file.message)}</p>
          ))}
        </div>
      )}
      <h3>{t.process}</h3>
      <ol className="complaint-receipt__process">
        {complaintProcess(receipt.acknowledgeBy, receipt.answerBy).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        <Link className="button" to={paths.accountRequest(receipt.reference)}>
          {t.follow}
        </Link>
      </p>
    </div>
  );
}
