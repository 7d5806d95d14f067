// « Réclamation »'s calls (docs/product/complaints.md): the complaint (its reference and
// deadlines at once), then each file in its own multipart call (`reference` then `file`, the
// documents' limits). A refused file does not undo the complaint: its refusal is said on the
// receipt.
import {
  API_ROUTES,
  apiPath,
  COMPLAINT_FORM_FIELDS,
  type ComplaintReceipt,
  type NewComplaint,
} from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface FiledComplaint {
  receipt: ComplaintReceipt;
  /** The files the server refused, with its reason. */
  refused: { name: string; message: string }[];
}

export function useFileComplaint() {
  const { accountId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: { body: NewComplaint; files: File[] }) => {
      const receipt = await api<ComplaintReceipt>(apiPath(API_ROUTES.complaints, { accountId }), {
        method: 'POST',
        json: body,
      });
      const refused: FiledComplaint['refused'] = [];
      for (const file of files) {
        const form = new FormData();
        form.append(COMPLAINT_FORM_FIELDS.reference, receipt.reference);
        form.append(COMPLAINT_FORM_FIELDS.file, file, file.name);
        try {
          await api(
            apiPath(API_ROUTES.complaintFiles, { accountId, reference: receipt.reference }),
            { method: 'POST', body: form },
          );
        } catch (error) {
          refused.push({
            name: file.name,
            message: error instanceof ApiError ? error.message : String(error),
          });
        }
      }
      return { receipt, refused } satisfies FiledComplaint;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['requests'] }),
  });
}
