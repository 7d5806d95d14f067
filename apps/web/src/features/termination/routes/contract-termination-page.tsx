// docs/product/termination.md /contractTermination/{policyNumber} 'RÉSILIER LE CONTRAT'. The contract must be one of
// the caller's policies in force (docs/product/termination.md); any other number leads to the not-found page. Once
// sent, the acknowledgement replaces the form. A policies or account load failure shows the
// error page (docs/product/termination.md).
import {
  isTerminated,
  TERMINATION_MESSAGES,
  type TerminationAcknowledgement,
} from '@espace/contract';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAccount } from '../../../api/get-account';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { TerminationForm } from '../components/termination-form';
import { TerminationSuccess } from '../components/termination-success';
import '../termination.css';

export function Component() {
  const { policyNumber } = useParams();
  const policies = usePolicies();
  const account = useAccount();
  const [ack, setAck] = useState<TerminationAcknowledgement | null>(null);
  if (policies.error) throw policies.error;
  if (account.error) throw account.error;
  if (!policies.data || !account.data) return <Loading />;
  const inForce = policies.data.policies.filter((p) => !isTerminated(p));
  const policy = inForce.find((p) => p.policyNumber === policyNumber);
  if (!ack && !policy) return <Navigate to={paths.notFound} replace />;
  return (
    <section className="termination-page" aria-labelledby="termination-title">
      <p>
        <Link to={paths.home}>← Mes polices d’assurance</Link>
      </p>
      <h1 id="termination-title">{TERMINATION_MESSAGES.title}</h1>
      {ack ? (
        <TerminationSuccess ack={ack} />
      ) : (
        <TerminationForm
          policies={inForce}
          policy={policy!}
          account={account.data}
          onAcknowledged={setAck}
        />
      )}
    </section>
  );
}
