// /account/requests, 'Mes demandes' (issue 16): every request the customer made, newest first,
// with its date and time, contract, what was asked, reference and status ('Refusée' with the
// broker's reason), filterable by contract, a page at a time. A table with a caption and column
// headers, so a screen reader reads each cell with its header.
import { formatReceivedAt, type CustomerRequest } from '@espace/contract';
import { useState } from 'react';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination/pagination';
import { useRequests } from '../api/get-requests';
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
    </>
  );
}

export function Component() {
  const [policyNumber, setPolicyNumber] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const policies = usePolicies();
  const requests = useRequests({ policyNumber, page });

  return (
    <section className="card requests" aria-labelledby="requests-title">
      <h2 id="requests-title">{t.title}</h2>
      <p>{t.lead}</p>
      {policies.data && policies.data.policies.length > 1 && (
        <div className="form-field requests__filter">
          <label htmlFor="requests-policy">{t.filter}</label>
          <select
            id="requests-policy"
            value={policyNumber ?? ''}
            onChange={(event) => {
              setPolicyNumber(event.target.value || undefined);
              setPage(1);
            }}
          >
            <option value="">{t.allPolicies}</option>
            {policies.data.policies.map((policy) => {
              const risk = policy.risks[0]!;
              return (
                <option key={policy.policyNumber} value={policy.policyNumber}>
                  {t.policyOption(
                    `${risk.manufacturer} ${risk.model}`,
                    risk.licensePlate,
                    policy.policyNumber,
                  )}
                </option>
              );
            })}
          </select>
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
                    <td data-label={t.columns.reference}>{request.reference}</td>
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
            onChange={setPage}
            label={t.pagination}
          />
        </>
      )}
    </section>
  );
}
