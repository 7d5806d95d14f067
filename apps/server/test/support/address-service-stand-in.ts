// A stand-in for the national address service (Géoplateforme geocoding), which sits outside
// the product: a local HTTP server on 127.0.0.1 that answers GeocodeJSON in the service's
// format (fixtures/geocodejson-search.json), or fails the way a remote service fails.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GEOCODEJSON_ANSWER = readFileSync(
  new URL('../fixtures/geocodejson-search.json', import.meta.url),
  'utf8',
);

/** How the stand-in answers the next requests. */
export type StandInBehaviour =
  | 'geocodejson'
  | 'server-error'
  | 'malformed'
  | 'silent'
  /** 302 to `redirectTo` (another host). */
  | 'redirect';

export interface AddressServiceStandIn {
  /** The search endpoint, as ADDRESS_SEARCH_URL would name it. */
  url: string;
  behaviour: StandInBehaviour;
  /** Where the 'redirect' behaviour sends the caller. */
  redirectTo: string;
  /** The URL of every request received, query included. */
  requests: URL[];
  close(): Promise<void>;
}

export async function startAddressServiceStandIn(): Promise<AddressServiceStandIn> {
  const standIn = {
    behaviour: 'geocodejson' as StandInBehaviour,
    redirectTo: 'http://127.0.0.2:9/',
    requests: [] as URL[],
  };
  const server = createServer((request, response) => {
    standIn.requests.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    switch (standIn.behaviour) {
      case 'geocodejson':
        response.writeHead(200, { 'content-type': 'application/json' }).end(GEOCODEJSON_ANSWER);
        return;
      case 'server-error':
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'malformed':
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"type": "Feat');
        return;
      case 'redirect':
        response.writeHead(302, { location: standIn.redirectTo }).end();
        return;
      case 'silent':
        // Never answers: the caller's time-out has to give up.
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/geocodage/search`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
