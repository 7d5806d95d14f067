import { POLICIES_PER_PAGE } from '@espace/contract';
import { useState } from 'react';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination/pagination';
import { DocumentsBanner } from '../components/documents-banner';
import { PolicyCard } from '../components/policy-card';

export function Component() {
  const { data, isPending } = usePolicies();
  const [page, setPage] = useState(1);
  if (isPending || !data) return <Loading />;
  const pageCount = Math.max(1, Math.ceil(data.policies.length / POLICIES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = data.policies.slice((current - 1) * POLICIES_PER_PAGE, current * POLICIES_PER_PAGE);
  const changePage = (next: number) => {
    setPage(next);
    document.getElementById('policies-title')?.focus();
  };
  return (
    <section aria-labelledby="policies-title">
      <h1 id="policies-title" tabIndex={-1}>
        Mes Polices d’assurance
      </h1>
      {data.unfulfilledDocs && <DocumentsBanner remainedDays={data.remainedDays} />}
      {data.policies.length === 0 ? (
        <p>Vous n’avez aucun contrat pour le moment.</p>
      ) : (
        <div className="card-grid">
          {shown.map((policy) => (
            <PolicyCard key={policy.policyNumber} policy={policy} />
          ))}
        </div>
      )}
      <Pagination
        page={current}
        pageCount={pageCount}
        onChange={changePage}
        label="Pages des contrats"
      />
    </section>
  );
}
