// GET one of the customer's complaints (docs/product/complaints.md): its deadlines and, once
// answered, the outcome, the broker's text and the answer's PDF, for its page in 'Mes demandes'.
import { API_PREFIX, API_ROUTES, apiPath, type Complaint } from '@espace/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export function useComplaint(reference: string) {
  const { accountId } = useSession();
  return useQuery({
    queryKey: ['complaints', accountId, reference] as const,
    queryFn: () => api<Complaint>(apiPath(API_ROUTES.complaint, { accountId, reference })),
    staleTime: 0,
  });
}

/** The address of the answer's PDF (a download the session cookie opens). */
export function useComplaintAnswerHref(reference: string): string {
  const { accountId } = useSession();
  return `${API_PREFIX}${apiPath(API_ROUTES.complaintAnswer, { accountId, reference })}`;
}
