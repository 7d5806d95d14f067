// The place search through the French national address service (Géoplateforme geocoding,
// Base Adresse Nationale, street level, no key), configured by ADDRESS_SEARCH_URL
// (docs/decisions/0017-offline-addresses.md). It answers GeocodeJSON: a FeatureCollection whose features'
// properties carry label, type, housenumber, street, name, postcode and city.
//
// Enforces: a short time-out; on any failure (network, time-out, non-2xx, malformed answer)
// the offline list answers instead and a warning is logged, without the query (personal data,
// docs/decisions/0023-configuration-logs-and-health.md). Queries shorter than the service accepts go offline directly.
// A redirect is never followed (it is a failure: the query would reach another host), and the
// service's answers are kept a minute per process, so that the same search typed again (or by
// a script) is not sent again (docs/product/addresses.md "The place search").
import { ADDRESS_SUGGESTIONS_MAX, FRANCE, type AddressSuggestion } from '@espace/contract';
import { z } from 'zod';
import type { AddressSearch, WarnLogger } from './address-search';
import { AnswerCache } from './answer-cache';

/** Long enough for the service on a normal day, short enough for a customer typing. */
const GEOPLATEFORME_TIMEOUT_MS = 1_500;
/** The service refuses shorter queries. */
const SERVICE_QUERY_MIN = 3;

const optionalText = z.string().trim().min(1).optional().catch(undefined);

const geocodeJsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      properties: z.object({
        label: z.string(),
        type: z.string(),
        housenumber: optionalText,
        street: optionalText,
        name: optionalText,
        postcode: optionalText,
        city: optionalText,
      }),
    }),
  ),
});
type Feature = z.infer<typeof geocodeJsonSchema>['features'][number];

const KINDS: Readonly<Record<string, AddressSuggestion['kind']>> = {
  housenumber: 'housenumber',
  street: 'street',
  // A lieu-dit: its name stands where a street name would.
  locality: 'street',
  municipality: 'municipality',
};

/** A feature as a suggestion; undefined for one that cannot fill the form (no postcode, …). */
function featureToSuggestion({ properties: p }: Feature): AddressSuggestion | undefined {
  const kind = KINDS[p.type];
  if (!kind || !p.postcode || !p.city) return undefined;
  const street = kind === 'municipality' ? undefined : (p.street ?? p.name);
  const streetNumber = kind === 'housenumber' ? p.housenumber : undefined;
  return {
    label: p.label,
    ...(streetNumber && { streetNumber }),
    ...(street && { street }),
    postalCode: p.postcode,
    city: p.city,
    country: FRANCE,
    kind,
  };
}

class AddressServiceError extends Error {
  override readonly name = 'AddressServiceError';
}

export interface GeoplateformeOptions {
  url: string;
  fallback: AddressSearch;
  log: WarnLogger;
  timeoutMs?: number;
}

export class GeoplateformeAddressSearch implements AddressSearch {
  readonly streets = true;
  private readonly url: string;
  private readonly fallback: AddressSearch;
  private readonly log: WarnLogger;
  private readonly timeoutMs: number;
  private readonly answers = new AnswerCache<AddressSuggestion[]>();

  constructor(options: GeoplateformeOptions) {
    this.url = options.url;
    this.fallback = options.fallback;
    this.log = options.log;
    this.timeoutMs = options.timeoutMs ?? GEOPLATEFORME_TIMEOUT_MS;
  }

  async search(query: string): Promise<AddressSuggestion[]> {
    if (query.length < SERVICE_QUERY_MIN) return this.fallback.search(query);
    try {
      return await this.answers.get(query, () => this.ask(query));
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.log.warn(
        { reason, timeoutMs: this.timeoutMs },
        'Service national d’adresses indisponible : recherche dans la liste des communes',
      );
      return this.fallback.search(query);
    }
  }

  private async ask(query: string): Promise<AddressSuggestion[]> {
    const url = new URL(this.url);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(ADDRESS_SUGGESTIONS_MAX));
    url.searchParams.set('index', 'address');
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      // A 3xx is an answer like any other non-2xx: never followed to another host.
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new AddressServiceError(`HTTP ${response.status}`);
    }
    const parsed = geocodeJsonSchema.safeParse(await response.json());
    if (!parsed.success) throw new AddressServiceError('réponse GeocodeJSON invalide');
    return parsed.data.features
      .map(featureToSuggestion)
      .filter((suggestion) => suggestion !== undefined)
      .slice(0, ADDRESS_SUGGESTIONS_MAX);
  }
}
