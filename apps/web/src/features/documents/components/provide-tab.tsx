// docs/product/documents.md 'Documents à fournir': the documents to provide of every policy in force (terminated
// ones are excluded, docs/product/documents.md), each with its description and status label; only the entries
// that the docs/product/documents.md eligibility rule allows open the upload modal. Each policy also offers
// 'Ajouter un autre document' (file type 'autre'). The outcome of an upload is shown on the
// entry it was for (upload-outcome.tsx). The document the address names is the one its card opens on.
import { canUpload, isTerminated, type DocumentToProvide, type Policy } from '@espace/contract';
import { useState } from 'react';
import { PolicyDocuments } from './policy-documents';
import { UploadDialog } from './upload-dialog';
import type { UploadOutcomeState } from './upload-outcome';

export interface UploadTarget {
  policy: Policy;
  doc: DocumentToProvide;
}

/** The document the address names (a mail's « Déposer la pièce »): its contract, when named, and type. */
interface DocumentTarget {
  policyNumber: string | null;
  fileType: string;
}

export function ProvideTab({
  policies,
  opensOn = null,
}: {
  policies: Policy[];
  /** The document the address names. */
  opensOn?: DocumentTarget | null;
}) {
  const [target, setTarget] = useState<UploadTarget | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcomeState | null>(null);
  const inForce = policies.filter((p) => !isTerminated(p));
  return (
    <>
      <div className="documents-groups">
        {inForce.map((policy) => (
          <PolicyDocuments
            key={policy.policyNumber}
            policy={policy}
            isClickable={canUpload}
            onOpen={(doc) => {
              setOutcome(null);
              setTarget({ policy, doc });
            }}
            outcome={outcome?.policyNumber === policy.policyNumber ? outcome : null}
            target={
              opensOn && (opensOn.policyNumber ?? policy.policyNumber) === policy.policyNumber
                ? opensOn.fileType
                : null
            }
          />
        ))}
      </div>
      {target && (
        <UploadDialog
          key={`${target.policy.policyNumber}-${target.doc.fileType}`}
          policy={target.policy}
          doc={target.doc}
          onClose={() => setTarget(null)}
          onSent={(message) =>
            setOutcome((previous) => ({
              policyNumber: target.policy.policyNumber,
              fileType: target.doc.fileType,
              message,
              key: (previous?.key ?? 0) + 1,
            }))
          }
        />
      )}
    </>
  );
}
