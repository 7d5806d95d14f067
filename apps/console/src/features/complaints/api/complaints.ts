// The console's complaint calls (docs/console.md « Réclamations »): the queue (open, or all), one
// complaint (each read audited by the server), its answer, and the register's CSV address
// (supervisors only: the server refuses an agent with 403).
import {
  consolePath,
  type ComplaintAnswer,
  type ConsoleComplaint,
  type ConsoleComplaintList,
} from '@espace/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, searchOf } from '../../../lib/api-client';

export type QueueShow = 'open' | 'all';

export const useComplaintQueue = (show: QueueShow) =>
  useQuery(
    queryOptions({
      queryKey: ['complaints', show],
      queryFn: () => api<ConsoleComplaintList>(consolePath('complaints') + searchOf({ show })),
    }),
  );

export const useConsoleComplaint = (reference: string) =>
  useQuery(
    queryOptions({
      queryKey: ['complaint', reference],
      queryFn: () => api<ConsoleComplaint>(consolePath('complaint', { reference })),
      retry: false,
    }),
  );

export function useAnswerComplaint(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: ComplaintAnswer) =>
      api<ConsoleComplaint>(consolePath('complaintAnswer', { reference }), {
        method: 'POST',
        json: answer,
      }),
    onSuccess: (complaint) => {
      client.setQueryData(['complaint', reference], complaint);
      void client.invalidateQueries({ queryKey: ['complaints'] });
    },
  });
}

export const registerHref = () => consolePath('complaintsRegister');
