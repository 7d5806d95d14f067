// POST /backoffice/api/staff (supervisors): a new staff member (staffCreateSchema); the answer
// carries the temporary password, shown once. The staff list is read again.
import { consolePath, type staffCreateSchema, type StaffMember } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffQuery } from '../../../api/get-staff';
import { api } from '../../../lib/api-client';

/** The new member, with the temporary password shown once. */
type CreatedStaff = StaffMember & { temporaryPassword: string };

export function useCreateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: z.output<typeof staffCreateSchema>) =>
      api<CreatedStaff>(consolePath('staff'), { method: 'POST', json: member }),
    onSuccess: () => client.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}
