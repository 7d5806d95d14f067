// The contact calls of SPEC §7: both answer 204.
import type { MailContactRequest, PhoneContactRequest } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

const contactPath = (accountId: string, kind: 'phone-contact' | 'mail-contact') =>
  `/account/accounts/${encodeURIComponent(accountId)}/mail/${kind}`;

export function usePhoneContact() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: (body: PhoneContactRequest) =>
      api<void>(contactPath(accountId, 'phone-contact'), { method: 'POST', json: body }),
  });
}

export function useMailContact() {
  const { accountId, email } = useSession();
  return useMutation({
    // SPEC §7 sends {text, email}; the server takes the address from the identity anyway.
    mutationFn: ({ text }: Pick<MailContactRequest, 'text'>) =>
      api<void>(contactPath(accountId, 'mail-contact'), { method: 'POST', json: { text, email } }),
  });
}
