// POST /backoffice/api/requests/{reference}/iban: the new IBAN of a bank-details change in full,
// on the staff member's explicit action; the server writes each reveal to the journal.
import { consolePath, type ConsoleIbanReveal } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useRevealIban = (reference: string) =>
  useMutation({
    mutationFn: () =>
      api<ConsoleIbanReveal>(consolePath('requestIban', { reference }), { method: 'POST' }),
  });
