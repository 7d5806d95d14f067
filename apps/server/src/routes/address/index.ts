// The address calls of docs/product/addresses.md (validateAddress, the personal and the garage address changes),
// registered inside the authenticated /api/v1 scope and rate-limited per account. The place
// search (search-addresses.ts) is registered on its own, with the search it uses.
import type { FastifyInstance } from 'fastify';
import type { AddressSearch } from '../../services/address/address-search';
import { rateLimitPerAccount } from '../rate-limit';
import changeGarageAddressRoute from './change-garage-address';
import changePersonalAddressRoute from './change-personal-address';
import validateAddressRoute from './validate-address';

export default async function addressChangeRoutes(
  app: FastifyInstance,
  { search }: { search: AddressSearch },
) {
  await rateLimitPerAccount(app);
  // validateAddress checks a street with the search when it can (decision 0044).
  await app.register(validateAddressRoute, { search });
  await app.register(changePersonalAddressRoute);
  await app.register(changeGarageAddressRoute);
}
