// POST /backoffice/api/customers/{customerNumber}/invitation: the first-access e-mail (the
// integration API's invitation and its outcomes).
import { consolePath, type ConsoleInvitation } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKey } from './get-customer';

/** What the staff member reads after sending, by outcome. */
export const INVITATION_TEXTS: Record<ConsoleInvitation['outcome'], string> = {
  sent: 'L’invitation est envoyée au client par e-mail.',
  pending: 'Une invitation encore valable a déjà été envoyée à ce client.',
  active: 'Ce client a déjà un mot de passe\u00a0: il peut se connecter.',
  deleted: 'Ce client a supprimé son accès en ligne\u00a0: aucune invitation n’est envoyée.',
};

export function useSendInvitation(customerNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ConsoleInvitation>(consolePath('customerInvitation', { customerNumber }), {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKey(customerNumber) }),
  });
}
