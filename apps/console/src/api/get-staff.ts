// GET /backoffice/api/staff: the staff accounts (the agents to assign to, the team screen).
import { consolePath, type StaffMember } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const staffQuery = queryOptions({
  queryKey: ['staff'],
  queryFn: () => api<StaffMember[]>(consolePath('staff')),
  staleTime: 300_000,
});

export const useStaffList = () => useQuery(staffQuery);
