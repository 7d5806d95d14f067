// GET /backoffice/api/customers/{customerNumber}: the customer's file, read-only, as the customer
// sees it (contracts, documents, requests and claims). Each read is audited.
import { consolePath, type CustomerFile } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const customerKey = (customerNumber: string) => ['customer', customerNumber] as const;

export const useCustomerFile = (customerNumber: string) =>
  useQuery(
    queryOptions({
      queryKey: customerKey(customerNumber),
      queryFn: () => api<CustomerFile>(consolePath('customer', { customerNumber })),
    }),
  );
