// GET /backoffice/api/customers?q=: customers by name, e-mail, customer number, contract number
// or plate (at least 2 characters, customerSearchQuerySchema). Each search is audited.
import { consolePath, type CustomerSearchHit } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchOf } from '../../../lib/api-client';

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['customers', q],
    queryFn: () => api<CustomerSearchHit[]>(consolePath('customers') + searchOf({ q })),
    enabled: q.length >= 2,
  });

export const useCustomerSearch = (q: string) => useQuery(customerSearchQuery(q));
