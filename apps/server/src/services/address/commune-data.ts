// Reads the official list of French communes and their postal codes from
// @etalab/decoupage-administratif (docs/decisions/0017-offline-addresses.md: shipped as a package, so the
// search works offline). Only the data file is read: the package's index.js reads every file,
// relative to the working folder.
//
// Kept: current communes ('commune-actuelle') that have postal codes, and the municipal
// arrondissements of Paris, Lyon and Marseille, which the list gives with their own postal code
// and population. Former communes (déléguées, associées) have no postal code there.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface Place {
  /** Official name: 'Ajaccio', 'Lyon 3e Arrondissement'. */
  name: string;
  /** The city an address carries: the commune itself, or the commune of an arrondissement. */
  city: string;
  postalCodes: readonly string[];
  /** Inhabitants, 0 when the list does not say. */
  population: number;
  /** Whether this is a municipal arrondissement (its postal codes are also its commune's). */
  arrondissement: boolean;
}

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  codesPostaux?: unknown;
  population?: unknown;
  commune?: unknown;
}

const DATA_FILE = '@etalab/decoupage-administratif/data/communes.json';

function isRawCommune(value: unknown): value is RawCommune {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.code === 'string' &&
    typeof entry.nom === 'string' &&
    typeof entry.type === 'string'
  );
}

function postalCodesOf(entry: RawCommune): string[] {
  if (!Array.isArray(entry.codesPostaux)) return [];
  return entry.codesPostaux.filter((code): code is string => typeof code === 'string');
}

/** The places of the list, from its parsed JSON (exported for tests on a small sample). */
export function placesFromList(list: unknown): Place[] {
  if (!Array.isArray(list)) throw new Error('Liste des communes illisible');
  const communes = list.filter(isRawCommune);
  const nameOf = new Map(
    communes.filter((c) => c.type === 'commune-actuelle').map((c) => [c.code, c.nom]),
  );
  const places: Place[] = [];
  for (const entry of communes) {
    const postalCodes = postalCodesOf(entry);
    if (postalCodes.length === 0) continue;
    const population = typeof entry.population === 'number' ? entry.population : 0;
    if (entry.type === 'commune-actuelle') {
      places.push({
        name: entry.nom,
        city: entry.nom,
        postalCodes,
        population,
        arrondissement: false,
      });
    } else if (entry.type === 'arrondissement-municipal') {
      const city = typeof entry.commune === 'string' ? nameOf.get(entry.commune) : undefined;
      if (city)
        places.push({ name: entry.nom, city, postalCodes, population, arrondissement: true });
    }
  }
  return places;
}

/** Reads and parses the whole list (about 8 MB of JSON). */
export async function loadPlaces(): Promise<Place[]> {
  const file = createRequire(import.meta.url).resolve(DATA_FILE);
  const places = placesFromList(JSON.parse(await readFile(file, 'utf8')));
  if (places.length === 0) throw new Error(`Aucune commune dans ${DATA_FILE}`);
  return places;
}
