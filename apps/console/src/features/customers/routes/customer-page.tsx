// A customer's file (docs/console.md « Clients »): as the customer sees it, « Envoyer
// l’invitation » for a customer who never signed in (first access), and the documents they must
// send with what they sent, each « En cours de vérification » to validate or declare « Non
// conforme » with a reason (docs/console.md « Documents »), whether a code is asked at their
// sign-ins and, for a supervisor, turning it off at their request.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { checkedText, useCheckDocument } from '../../../api/check-document';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { OwedDocuments } from '../../../components/owed-documents';
import { LoadError, Loading } from '../../../components/loading';
import { useTitle } from '../../../components/route-announcer';
import type { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { isSupervisor, useStaff } from '../../../lib/staff';
import { useCustomerFile } from '../api/get-customer';
import { useResetSecondFactor } from '../api/reset-second-factor';
import { INVITATION_TEXTS, useSendInvitation } from '../api/send-invitation';
import { CustomerContracts } from '../components/customer-contracts';
import { CustomerDocuments, CustomerRequests } from '../components/customer-requests';
import { SecondFactorReset } from '../components/second-factor-reset';

const ACCESS_LABELS = {
  active: 'Activé (le client a un mot de passe)',
  none: 'Jamais activé',
  deleted: 'Supprimé par le client',
} as const;

export function Component() {
  const customerNumber = useParams().customerNumber ?? '';
  const file = useCustomerFile(customerNumber);
  const invite = useSendInvitation(customerNumber);
  const checkDocument = useCheckDocument();
  const resetSecondFactor = useResetSecondFactor(customerNumber);
  const me = useStaff();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const name = file.data && `${file.data.firstName} ${file.data.lastName}`;
  useTitle(name);
  if (file.isPending) return <Loading />;
  if (file.isError)
    return (
      <>
        <h1>Client {customerNumber}</h1>
        <LoadError error={file.error} />
      </>
    );
  const c = file.data;
  const refusal = (error: Error) =>
    (error as ApiError).body?.error.message ?? 'L’envoi a échoué. Réessayez dans un instant.';
  const onCheck: Parameters<typeof OwedDocuments>[0]['onCheck'] = (documentId, check) =>
    checkDocument.mutate(
      { documentId, check },
      {
        onSuccess: (result) => setFeedback({ kind: 'success', text: checkedText(result) }),
        onError: (error) => setFeedback({ kind: 'error', text: refusal(error) }),
      },
    );
  const sendInvitation = () =>
    invite.mutate(undefined, {
      onSuccess: ({ outcome }) => setFeedback({ kind: 'success', text: INVITATION_TEXTS[outcome] }),
      onError: (error) =>
        setFeedback({
          kind: 'error',
          text: (error as ApiError).body?.error.message ?? 'L’envoi a échoué.',
        }),
    });
  const onResetSecondFactor = () =>
    resetSecondFactor.mutateAsync().then(
      () =>
        setFeedback({
          kind: 'success',
          text: 'La double authentification est désactivée. Le client est prévenu par e-mail.',
        }),
      (error: Error) => {
        setFeedback({ kind: 'error', text: refusal(error) });
        throw error;
      },
    );
  return (
    <>
      <p className="breadcrumb">
        <Link to={paths.customers}>Clients</Link>
      </p>
      <h1>{name}</h1>
      <Feedback state={feedback} />
      <p className="muted">
        Le dossier tel que le client le voit dans son Espace Assuré, et les documents qu’il a
        envoyés pour vérification.
      </p>
      <dl className="details details--summary">
        <div>
          <dt>N° client</dt>
          <dd>{c.customerNumber}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{c.email}</dd>
        </div>
        <div>
          <dt>Téléphone</dt>
          <dd>{c.phoneNumber || '—'}</dd>
        </div>
        <div>
          <dt>Date de naissance</dt>
          <dd>{c.birthDate ? formatDate(c.birthDate) : '—'}</dd>
        </div>
        <div>
          <dt>Accès en ligne</dt>
          <dd>{ACCESS_LABELS[c.portalAccess]}</dd>
        </div>
        <div>
          <dt>Double authentification</dt>
          <dd>
            {c.secondFactor ? 'Activée (un code à chaque connexion par mot de passe)' : 'Non'}
          </dd>
        </div>
      </dl>
      <SecondFactorReset
        canReset={c.secondFactor && isSupervisor(me)}
        pending={resetSecondFactor.isPending}
        onReset={onResetSecondFactor}
      />
      {c.portalAccess === 'none' && (
        <p>
          <button
            type="button"
            className="button"
            disabled={invite.isPending}
            onClick={sendInvitation}
          >
            Envoyer l’invitation
          </button>
        </p>
      )}
      <OwedDocuments
        documents={c.owedDocuments}
        headingId="owed-documents-title"
        title="Documents à fournir"
        pending={checkDocument.isPending}
        onCheck={onCheck}
      />
      <CustomerContracts contracts={c.contracts} />
      <CustomerDocuments documents={c.documents} />
      <CustomerRequests requests={c.requests} />
    </>
  );
}
