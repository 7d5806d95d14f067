// Path parameters of the /api/v1 routes (docs/product/README.md), checked before any handler runs. The
// authentication plugin has already refused an {accountId} that is not the caller's.
import { safeString } from '@espace/contract';
import { z } from 'zod';

export const accountParams = z.object({ accountId: safeString().min(1).max(100) });

export const policyParams = accountParams.extend({ policyNumber: safeString().min(1).max(40) });

export const documentParams = policyParams.extend({ documentId: safeString().min(1).max(100) });
