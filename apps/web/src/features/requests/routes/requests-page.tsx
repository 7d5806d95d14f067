// /account/requests, 'Mes demandes': every request the customer made, newest first,
// with its date and time, contract, what was asked, reference and status ('Refusée' with the
// broker's reason, else the broker's message), each reference a link to the request's detail,
// filterable by contract, a page at a time. A table with a caption and column headers, so a
// screen reader reads each cell with its header. The contract and the page live in
// the URL (`?contrat=…&page=…`), so a reload, the back button and a shared link keep them; after
// « précédent » / « suivant » focus goes to the list's heading, never to <body>
// (docs/product/requests.md).
import { formatReceivedAt, type CustomerRequest } from '@espace/contract';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { SelectField } from '../../../components/form/form-field';
import { Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination/pagination';
import { useRequests } from '../../../api/get-requests';
import { paths } from '../../../lib/paths';
import { REQUESTS_TEXTS as t } from '../texts';
import './requests-page.css';

function PolicyCell({ request }: { request: CustomerRequest }) {
  if (!request.vehicle) return <>{t.noPolicy}</>;
  return (
    <>
      {request.vehicle.manufacturer} {request.vehicle.model}
      <br />
      <span className="requests__plate">{request.vehicle.licensePlate}</span>
    </>
  );
}

function StatusCell({ request }: { request: CustomerRequest }) {
  return (
    <>
      <span className={`requests__status requests__status--${request.status}`}>
        {request.statusLabel}
      </span>
      {request.statusReason && (
        <span className="requests__reason">
          {t.reason} {request.statusReason}
        </span>
      )}
      {request.statusMessage && request.status !== 'refused' && (
        <span className="requests__message">
          {t.message} {request.statusMessage}
        </span>
      )}
    </>
  );
}

/** The URL's names of the filter and the page (French, as the customer may share the link). */
const PARAMS = { policyNumber: 'contrat', page: 'page' } as const;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const policyNumber = params.get(PARAMS.policyNumber) || undefined;
  const page = readPage(params.get(PARAMS.page));
  const heading = useRef<HTMLHeadingElement>(null);
  const policies = usePolicies();
  const requests = useRequests({ policyNumber, page });

  const queryFor = (next: { policyNumber: string | undefined; page: number }) => {
    const query = new URLSearchParams();
    if (next.policyNumber) query.set(PARAMS.policyNumber, next.policyNumber);
    if (next.page > 1) query.set(PARAMS.page, String(next.page));
    return query;
  };
  const show = (next: { policyNumber: string | undefined; page: number }) =>
    setParams(queryFor(next), { preventScrollReset: true });
  const pageAddress = (next: number) => {
    const search = queryFor({ policyNumber, page: next }).toString();
    return { pathname: paths.accountRequests, search: search && `?${search}` };
  };
  const focusHeading = () => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section className="card requests" aria-labelledby="requests-title">
      <h2 id="requests-title" ref={heading} tabIndex={-1}>
        {t.title}
      </h2>
      <p>{t.lead}</p>
      {policies.data && policies.data.policies.length > 1 && (
        <div className="requests__filter">
          <SelectField
            id="requests-policy"
            label={t.filter}
            placeholder={t.allPolicies}
            value={policyNumber ?? ''}
            onChange={(event) => show({ policyNumber: event.target.value || undefined, page: 1 })}
            options={policies.data.policies.map((policy) => {
              const risk = policy.risks[0]!;
              return {
                value: policy.policyNumber,
                label: t.policyOption(
                  `${risk.manufacturer} ${risk.model}`,
                  risk.licensePlate,
                  policy.policyNumber,
                ),
              };
            })}
          />
        </div>
      )}
      {requests.isError && <p role="alert">{t.error}</p>}
      {!requests.data && !requests.isError && <Loading />}
      {requests.data && requests.data.total === 0 && (
        <p>{policyNumber ? t.emptyFiltered : t.empty}</p>
      )}
      {requests.data && requests.data.total > 0 && (
        <>
          <div className="requests__table-wrapper">
            <table className="requests__table">
              <caption className="visually-hidden">
                {t.title}&nbsp;: {t.caption(requests.data.total)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.date}</th>
                  <th scope="col">{t.columns.policy}</th>
                  <th scope="col">{t.columns.request}</th>
                  <th scope="col">{t.columns.reference}</th>
                  <th scope="col">{t.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {requests.data.items.map((request) => (
                  <tr key={request.id}>
                    <td data-label={t.columns.date}>{formatReceivedAt(request.createdAt)}</td>
                    <td data-label={t.columns.policy}>
                      <PolicyCell request={request} />
                    </td>
                    <th scope="row" data-label={t.columns.request}>
                      <span className="requests__kind">{request.kindLabel}</span>
                      <span className="requests__summary">{request.summary}</span>
                    </th>
                    <td data-label={t.columns.reference} className="requests__reference">
                      <Link
                        to={paths.accountRequest(request.reference)}
                        aria-label={t.detailLink(request.kindLabel, request.reference)}
                      >
                        {request.reference}
                      </Link>
                    </td>
                    <td data-label={t.columns.status}>
                      <StatusCell request={request} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageCount={Math.ceil(requests.data.total / requests.data.pageSize)}
            to={pageAddress}
            onTurn={focusHeading}
            label={t.pagination}
          />
        </>
      )}
    </section>
  );
}
