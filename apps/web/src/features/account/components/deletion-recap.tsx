// The recap shown before the password of an account deletion (docs/product/account.md « Account
// deletion », docs/decisions/0041-account-deletion-recap.md): what deletion does, then what it
// leaves pending: the documents still owed with their deadline, the requests the broker is still
// handling ('Mes demandes', the same query) and the contracts in force. Each part is a heading
// and a list; the recap's heading takes the focus when the step opens.
import {
  contractsInForce,
  formatDate,
  owedDocuments,
  policyStateLabel,
  requestsBeingHandled,
  REQUESTS_PAGE_SIZE_MAX,
} from '@espace/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { useRequests } from '../../../api/get-requests';
import { DELETION_RECAP_TEXTS as t } from '../deletion-texts';
import { SECURITY_TEXTS } from '../security-texts';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="deletion-recap__part" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {children}
    </section>
  );
}

/** Loading, failed, empty or the list: the same four states for each pending part. */
function Pending<T>(props: {
  query: { isPending: boolean; isError: boolean };
  items: readonly T[];
  none: string;
  render: (item: T) => ReactNode;
}) {
  if (props.query.isPending) return <Loading />;
  if (props.query.isError) return <p>{t.unavailable}</p>;
  if (props.items.length === 0) return <p>{props.none}</p>;
  return <ul className="deletion-recap__list">{props.items.map(props.render)}</ul>;
}

export function DeletionRecap() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const policies = usePolicies();
  const requests = useRequests({
    policyNumber: undefined,
    page: 1,
    pageSize: REQUESTS_PAGE_SIZE_MAX,
  });
  const all = policies.data?.policies ?? [];
  const owed = owedDocuments(all);
  const handling = requestsBeingHandled(requests.data?.items ?? []);
  const inForce = contractsInForce(all);
  const a = SECURITY_TEXTS.accountDelete;

  return (
    <div className="deletion-recap">
      <h3 ref={heading} tabIndex={-1} id="deletion-recap-title">
        {t.title}
      </h3>
      <Part id="deletion-recap-does" title={t.doesTitle}>
        <ul className="account-security__facts">
          <li>{a.erased}</li>
          <li>{a.kept}</li>
        </ul>
      </Part>
      <Part id="deletion-recap-owed" title={t.owedTitle}>
        <Pending
          query={policies}
          items={owed}
          none={t.owedNone}
          render={(doc) => (
            <li key={`${doc.policyNumber}-${doc.name}-${doc.status}`}>
              {t.owedItem(doc.name, doc.policyNumber)}&nbsp;:{' '}
              {t.owedDeadline(formatDate(doc.deadline))} ({t.daysLeft(doc.daysLeft)})
            </li>
          )}
        />
        {owed.length > 0 && <Link to={paths.documentsTab(1)}>{t.owedLink}</Link>}
      </Part>
      <Part id="deletion-recap-requests" title={t.requestsTitle}>
        <Pending
          query={requests}
          items={handling}
          none={t.requestsNone}
          render={(request) => (
            <li key={request.id}>
              {request.kindLabel}, {t.requestReference(request.reference)}
              {request.policyNumber ? `, ${t.requestPolicy(request.policyNumber)}` : ''}&nbsp;:{' '}
              {request.statusLabel}
            </li>
          )}
        />
        {handling.length > 0 && (
          <p>
            {t.requestsNote} <Link to={paths.accountRequests}>{t.requestsLink}</Link>
          </p>
        )}
      </Part>
      <Part id="deletion-recap-contracts" title={t.contractsTitle}>
        <Pending
          query={policies}
          items={inForce}
          none={t.contractsNone}
          render={(policy) => {
            const risk = policy.risks[0];
            const vehicle = risk ? `${risk.manufacturer} ${risk.model} (${risk.licensePlate})` : '';
            return (
              <li key={policy.policyNumber}>
                {t.contractItem(policy.policyNumber, vehicle)}&nbsp;:{' '}
                {policyStateLabel(policy.state)}
              </li>
            );
          }}
        />
        <p>
          {a.terminateBefore} <Link to={paths.home}>{a.policiesLink}</Link> {a.terminateOr}{' '}
          <Link to={paths.contact}>{a.contactLink}</Link> {a.terminateAfter}
        </p>
      </Part>
    </div>
  );
}
