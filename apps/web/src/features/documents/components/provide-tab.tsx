// SPEC §2 'Documents à fournir': the documents to provide of every policy in force (terminated
// ones are excluded, SPEC §4), each with its description and status label; only the entries
// that the SPEC §4 eligibility rule allows open the upload modal. Each policy also offers
// 'Ajouter un autre document' (file type 'autre').
import { canUpload, isTerminated, type DocumentToProvide, type Policy } from '@espace/contract';
import { useState } from 'react';
import { PolicyDocuments } from './policy-documents';
import { UploadDialog } from './upload-dialog';

export interface UploadTarget {
  policy: Policy;
  doc: DocumentToProvide;
}

export function ProvideTab({ policies }: { policies: Policy[] }) {
  const [target, setTarget] = useState<UploadTarget | null>(null);
  const inForce = policies.filter((p) => !isTerminated(p));
  return (
    <>
      <div className="documents-groups">
        {inForce.map((policy) => (
          <PolicyDocuments
            key={policy.policyNumber}
            policy={policy}
            isClickable={canUpload}
            onOpen={(doc) => setTarget({ policy, doc })}
          />
        ))}
      </div>
      {target && (
        <UploadDialog
          key={`${target.policy.policyNumber}-${target.doc.fileType}`}
          policy={target.policy}
          doc={target.doc}
          onClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
