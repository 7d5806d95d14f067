import { z } from 'zod';

export const policyParams = z.object({
  accountId: z.string().min(1).max(100),
  policyNumber: z.string().min(1).max(40),
});

export const documentParams = policyParams.extend({
  documentId: z.string().min(1).max(100),
});
