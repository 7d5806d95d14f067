// PUT /backoffice/api/me/password: the signed-in staff member changes their password (the
// contract's passwordChangeSchema: the current one, the new one). 204; the server ends the staff
// member's other console sessions, this one stays open.
import { consolePath, type PasswordChangeRequest } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      api<void>(consolePath('password'), { method: 'PUT', json: body }),
  });
