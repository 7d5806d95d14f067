// The path parameters of the claim calls.
import { CLAIM_FILE_ROLES, safeString } from '@espace/contract';
import { z } from 'zod';
import { accountParams } from '../params';

export const draftParams = accountParams.extend({ draftId: safeString().min(1).max(100) });
export const draftFilesParams = draftParams.extend({ role: z.enum(CLAIM_FILE_ROLES) });
export const draftFileParams = draftParams.extend({ fileId: safeString().min(1).max(100) });
