// GET /backoffice/api/me: the signed-in staff member (main.tsx reads it before the first render).
import { consolePath, type StaffMember } from '@espace/contract';
import { api } from '../lib/api-client';

export const getMe = () => api<StaffMember>(consolePath('me'));
