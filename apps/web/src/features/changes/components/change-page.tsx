// The frame of a change screen (docs/product/changes.md): its title, the policy it changes, and the way back.
// Without a selected policy, or for a terminated one (docs/product/changes.md: no change menu), it goes home.
import { isTerminated, type Policy } from '@espace/contract';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { useSelectedPolicyNumber } from '../../../lib/selected-policy';
import { paths } from '../../../lib/paths';
import '../changes.css';

export interface ChangePageProps {
  title: string;
  children: (policy: Policy) => ReactNode;
}

export function ChangePage({ title, children }: ChangePageProps) {
  const policyNumber = useSelectedPolicyNumber();
  const { data, isPending } = usePolicies();
  if (isPending || !data) return <Loading />;
  const policy = data.policies.find((p) => p.policyNumber === policyNumber);
  if (!policy || isTerminated(policy)) return <Navigate to={paths.home} replace />;
  const risk = policy.risks[0]!;
  return (
    <section className="change-page" aria-labelledby="change-title">
      <p>
        <Link to={paths.home}>← Mes polices d’assurance</Link>
      </p>
      <h1 id="change-title">{title}</h1>
      <p className="change-page__policy" data-testid="changed-policy">
        Contrat n° {policy.policyNumber} · {risk.manufacturer} {risk.model} ({risk.licensePlate})
      </p>
      <p className="change-page__required">Tous les champs sont obligatoires.</p>
      {children(policy)}
    </section>
  );
}
