// The staff console's part of the configuration (config.ts, docs/console.md « Boîte de
// réception », docs/operations.md): the target delay of each kind of request, in hours, against
// which the inbox colours each item's age. CONSOLE_TARGET_HOURS is a JSON object of kind → hours
// (e.g. {"claim":12,"other":48}); 'other' is every kind not named; a kind it leaves out keeps its
// default (contract DEFAULT_TARGET_HOURS: claim 24, termination 48, a call-back and a written
// message the portal's recontact promise RECONTACT_PROMISE_HOURS, 48; others 72).
import { DEFAULT_TARGET_HOURS, REQUEST_KINDS, type RequestKind } from '@espace/contract';
import { z } from 'zod';

export const consoleEnv = {
  /** JSON object kind → target hours (docs/console.md « Boîte de réception »). */
  CONSOLE_TARGET_HOURS: z.string().optional(),
};

export interface ConsoleConfig {
  console: { targetHours: Record<RequestKind, number> };
}

const hoursSchema = z.partialRecord(
  z.enum([...REQUEST_KINDS, 'other'], { error: 'genre de demande inconnu' }),
  z
    .number({ error: 'un nombre d’heures' })
    .positive()
    .max(24 * 365),
);

function parseTargets(text: string | undefined, problems: string[]) {
  if (!text?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    problems.push('CONSOLE_TARGET_HOURS: un objet JSON est attendu (genre → heures)');
    return {};
  }
  const parsed = hoursSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    problems.push(`CONSOLE_TARGET_HOURS[${issue.path.join('.')}]: ${issue.message}`);
  return {};
}

export function consoleConfig(
  e: z.output<z.ZodObject<typeof consoleEnv>>,
  problems: string[],
): ConsoleConfig {
  const given: Partial<Record<RequestKind | 'other', number>> = parseTargets(
    e.CONSOLE_TARGET_HOURS,
    problems,
  );
  const other = given.other ?? DEFAULT_TARGET_HOURS.other;
  const targetHours = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [kind, given[kind] ?? DEFAULT_TARGET_HOURS[kind] ?? other]),
  ) as Record<RequestKind, number>;
  return { console: { targetHours } };
}
