// POST /backoffice/api/staff/:id/disable and /second-factor-reset (supervisors): the two
// changes a supervisor makes to a member's account (docs/console.md « Comptes »). Both end the
// member's sessions; the staff lists (the team, the agents to assign) are read again. A reset
// answers how the member's link left (never the link).
import { consolePath, type StaffResetAnswer } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQuery } from '../../../api/get-staff';
import { api } from '../../../lib/api-client';

function useStaffAction<T>(route: 'staffDisable' | 'staffSecondFactorReset') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<T>(consolePath(route, { id }), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}

export const useDisableStaff = () => useStaffAction<void>('staffDisable');
export const useResetSecondFactor = () =>
  useStaffAction<StaffResetAnswer>('staffSecondFactorReset');
