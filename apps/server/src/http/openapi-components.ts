// The components of each API's OpenAPI document (http/openapi-document.ts): the contract's schemas
// a broker's generated client names as types, each under the name it gets there. A schema not
// listed here is written out where it is used.
import { errorBodySchema } from '@espace/contract';
import { z } from 'zod';

/** The named schemas of the customer API's document, /api/docs. */
export const customerApiComponents = z.registry<{ id: string }>();
/** The named schemas of the integration API's document, /backoffice/docs. */
export const integrationComponents = z.registry<{ id: string }>();

customerApiComponents.add(errorBodySchema, { id: 'Error' });
integrationComponents.add(errorBodySchema, { id: 'Error' });
