// POST /backoffice/api/documents/{id}/check: a document the customer sent, validated or found
// « Non conforme » with its reason (the integration API's own service, docs/console.md
// « Documents »); every screen's reads are refreshed (the request, the customer, the inbox).
import { consolePath, type DocumentCheck, type DocumentCheckResult } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export function useCheckDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, check }: { documentId: string; check: DocumentCheck }) =>
      api<DocumentCheckResult>(consolePath('documentCheck', { documentId }), {
        method: 'POST',
        json: check,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** What the staff member reads once the check is saved. */
export const checkedText = (result: DocumentCheckResult) =>
  result.status === 'validated'
    ? `Le document «\u00a0${result.name}\u00a0» est validé. Le client en est informé.`
    : `Le document «\u00a0${result.name}\u00a0» est déclaré non conforme. Le client en est informé, avec le motif.`;
