// GET /backoffice/api/staff?include=disabled (supervisors): every staff account, disabled ones
// too, with whether its second factor is enrolled: the team screen. Under the staff list's key,
// so a change that invalidates the one invalidates the other.
import { consolePath, type StaffListing } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffQuery } from '../../../api/get-staff';
import { api, searchOf } from '../../../lib/api-client';

const teamQuery = queryOptions({
  queryKey: [...staffQuery.queryKey, 'all'],
  queryFn: () => api<StaffListing[]>(consolePath('staff') + searchOf({ include: 'disabled' })),
});

export const useTeam = () => useQuery(teamQuery);
