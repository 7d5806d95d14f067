// /complaint (docs/product/complaints.md): « Faire une réclamation », from /contact, the legal
// pages' complaints section (?origine=mentions), a request's page in 'Mes demandes'
// (?demande={reference}) or a conversation (?conversation={id}). The form, then its receipt.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import type { FiledComplaint } from '../api/file-complaint';
import { ComplaintForm, type ComplaintSource } from '../components/complaint-form';
import { ComplaintReceipt } from '../components/complaint-receipt';
import { COMPLAINT_TEXTS as t } from '../texts';
import '../complaints.css';

function sourceOf(params: URLSearchParams): ComplaintSource {
  const requestReference = params.get('demande') ?? undefined;
  const conversationId = params.get('conversation') ?? undefined;
  if (requestReference) return { origin: 'request', requestReference };
  if (conversationId) return { origin: 'conversation', conversationId };
  return { origin: params.get('origine') === 'mentions' ? 'legal' : 'contact' };
}

export function Component() {
  const [params] = useSearchParams();
  const source = sourceOf(params);
  const [filed, setFiled] = useState<FiledComplaint | null>(null);
  return (
    <section className="complaint" aria-labelledby="complaint-title">
      <p className="complaint__back">
        {source.requestReference ? (
          <Link to={paths.accountRequest(source.requestReference)}>{t.backRequest}</Link>
        ) : (
          <Link to={paths.contact}>{t.back}</Link>
        )}
      </p>
      <h1 id="complaint-title">{t.title}</h1>
      {filed ? (
        <ComplaintReceipt filed={filed} />
      ) : (
        <>
          <p className="lead">{t.lead}</p>
          {source.requestReference && <p>{t.about(source.requestReference)}</p>}
          {source.origin === 'conversation' && <p>{t.fromConversation}</p>}
          <div className="card">
            <ComplaintForm source={source} onFiled={setFiled} />
          </div>
        </>
      )}
    </section>
  );
}
