// PUT /backoffice/api/me/password: the signed-in staff member changes their password (the
// contract's passwordChangeSchema: the current one, the new one). The server ends the staff
// member's other console sessions, this one stays open, and answers the passkeys those sessions
// had added (EndedSessions, docs/decisions/0141).
import { consolePath, type EndedSessions, type PasswordChangeRequest } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      api<EndedSessions>(consolePath('password'), { method: 'PUT', json: body }),
  });
