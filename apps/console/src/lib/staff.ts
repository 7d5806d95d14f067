// The signed-in staff member, read once by main.tsx (GET /backoffice/api/me) and given to every
// screen: the header names them, the navigation and the supervisors' screens read the role.
import type { StaffMember } from '@espace/contract';
import { createContext, useContext } from 'react';

export const StaffContext = createContext<StaffMember | null>(null);

export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside StaffContext');
  return staff;
}

export const isSupervisor = (staff: StaffMember) => staff.role === 'supervisor';
