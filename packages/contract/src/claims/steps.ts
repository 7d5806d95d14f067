// The answers of each step of the declaration (docs/product/claims.md), validated the same way
// by the form and by the route that saves the draft (docs/decisions/0009-one-contract.md).
// Rules that need the claim's kind (a third party for an accident with one, the constat) are
// `claimCompletenessIssues`', checked when the claim is sent; the glass of a broken-glass claim,
// asked on « Circonstances », is `claimStepSchema`'s, checked on « Continuer » too.
import { z } from '../shared/zod';
import { isBefore, parseDateInput, todayInParis } from '../shared/dates';
import { safeMultilineString, safeString } from '../shared/safe-text';
import { CONSTAT_BOX_COUNT } from './circumstances';
import { claimGlassSchema } from './glass';
import { CLAIM_KINDS, type ClaimDataStep, type ClaimKind } from './kinds';
import { CLAIM_DESCRIPTION_MAX, CLAIM_MAX_WITNESSES, CLAIM_TEXT_MAX as MAX } from './limits';
import { CLAIM_MESSAGES } from './messages';

const { required: REQUIRED, invalid: INVALID } = CLAIM_MESSAGES;

const text = (max: number) =>
  safeString()
    .trim()
    .max(max, { error: INVALID.tooLong(max) });

const requiredText = (message: string, max: number) =>
  safeString({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: INVALID.tooLong(max) });

/** A past or present day, typed 'jj.mm.aaaa' or sent 'YYYY-MM-DD'; held as ISO. */
const pastDate = (message: string) =>
  safeString({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .overwrite((value) => parseDateInput(value) ?? value)
    .refine((value) => parseDateInput(value) !== null, { error: INVALID.date, abort: true })
    .refine((value) => !isBefore(todayInParis(), value), { error: INVALID.futureDate });

const yesNo = (message: string) => z.boolean({ error: message });

export const claimKindStepSchema = z.object({
  kind: z.enum(CLAIM_KINDS, { error: REQUIRED.kind }),
});

/** How the place was given: typed, picked in the address search, or the phone's position. */
export const CLAIM_PLACE_SOURCES = ['typed', 'search', 'position'] as const;
/** 4 decimals of a degree: about 11 m, enough to find the place and no more precise than that. */
export const CLAIM_COORDINATE_DECIMALS = 4;
export const roundCoordinate = (value: number) =>
  Math.round(value * 10 ** CLAIM_COORDINATE_DECIMALS) / 10 ** CLAIM_COORDINATE_DECIMALS;

const decimal = (value: number) =>
  value.toLocaleString('fr-FR', { maximumFractionDigits: CLAIM_COORDINATE_DECIMALS });
/** '48,8566\u00a0; 2,3522': a kept position as the customer reads it, latitude then longitude. */
export const formatCoordinates = (latitude: number, longitude: number) =>
  `${decimal(latitude)}\u00a0; ${decimal(longitude)}`;

/** A latitude (limit 90) or longitude (180) in range, rounded (above); optional. */
export const claimCoordinate = (limit: number) =>
  z
    .number({ error: INVALID.coordinates })
    .min(-limit, { error: INVALID.coordinates })
    .max(limit, { error: INVALID.coordinates })
    .overwrite(roundCoordinate)
    .optional();

export const claimPlaceSchema = z
  .object({
    label: requiredText(REQUIRED.place, MAX.place),
    source: z.enum(CLAIM_PLACE_SOURCES, { error: INVALID.placeSource }).default('typed'),
    /** Only with the customer's consent to share the phone's position, rounded (above). */
    latitude: claimCoordinate(90),
    longitude: claimCoordinate(180),
  })
  .refine((p) => (p.latitude === undefined) === (p.longitude === undefined), {
    error: INVALID.coordinates,
    path: ['latitude'],
  })
  .refine((p) => p.source !== 'position' || p.latitude !== undefined, {
    error: INVALID.coordinates,
    path: ['latitude'],
  });

export const claimWhenStepSchema = z
  .object({
    occurredOn: pastDate(REQUIRED.occurredOn),
    occurredAt: safeString({ error: REQUIRED.occurredAt })
      .trim()
      .min(1, { error: REQUIRED.occurredAt, abort: true })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: INVALID.time }),
    /** When the customer found out, if later (a theft found in the morning). */
    learntOn: pastDate(INVALID.date).optional(),
    place: claimPlaceSchema,
    /** A natural event recognised by an order (arrêté) of catastrophe naturelle: its publication day. */
    naturalDisasterOrderOn: pastDate(INVALID.date).optional(),
  })
  .refine((v) => !v.learntOn || !isBefore(v.learntOn, v.occurredOn), {
    error: INVALID.learntBeforeEvent,
    path: ['learntOn'],
  });

/** The constat's boxes ticked for vehicle A, each once, in order. */
export const claimConstatBoxes = z
  .array(
    z
      .int({ error: INVALID.box })
      .min(1, { error: INVALID.box })
      .max(CONSTAT_BOX_COUNT, { error: INVALID.box }),
  )
  .max(CONSTAT_BOX_COUNT)
  .default([])
  .transform((boxes) => [...new Set(boxes)].sort((a, b) => a - b));

const circumstancesOfAnyKind = z.object({
  /** The constat's boxes ticked for vehicle A (1 to 17); only for an accident with a third party. */
  boxes: claimConstatBoxes,
  description: safeMultilineString({ error: REQUIRED.description })
    .trim()
    .min(1, { error: REQUIRED.description, abort: true })
    .max(CLAIM_DESCRIPTION_MAX, { error: INVALID.tooLong(CLAIM_DESCRIPTION_MAX) }),
});

/** What the route takes, whatever the kind; the draft's kind then decides (claimStepSchema). */
export const claimCircumstancesStepSchema = circumstancesOfAnyKind.extend({
  /** Broken glass only: which glass, and how it is broken (glass.ts). */
  glass: claimGlassSchema.optional(),
});

const witnessSchema = z.object({
  name: requiredText(REQUIRED.witnessName, MAX.name),
  phone: text(MAX.phone).default(''),
});

export const claimPartiesStepSchema = z.object({
  thirdParty: z
    .object({
      name: requiredText(REQUIRED.thirdPartyName, MAX.name),
      plate: requiredText(REQUIRED.thirdPartyPlate, MAX.plate),
      insurer: text(MAX.insurer).default(''),
      contractNumber: text(MAX.contractNumber).default(''),
    })
    .nullable()
    .default(null),
  witnesses: z
    .array(witnessSchema)
    .max(CLAIM_MAX_WITNESSES, { error: INVALID.tooManyWitnesses })
    .default([]),
});

export const claimInjuriesStepSchema = z.object({ injuries: yesNo(REQUIRED.injuries) });

export const CLAIM_KEYS_WHEREABOUTS = ['with_customer', 'in_vehicle', 'stolen', 'other'] as const;
export const CLAIM_KEYS_LABELS: Record<(typeof CLAIM_KEYS_WHEREABOUTS)[number], string> = {
  with_customer: 'Toutes les clés sont en ma possession',
  in_vehicle: 'Les clés étaient dans le véhicule',
  stolen: 'Les clés ont été volées aussi',
  other: 'Une autre personne les a',
};

export const claimTheftStepSchema = z.object({
  complaintFiledOn: pastDate(REQUIRED.complaintFiledOn),
  policeStation: requiredText(REQUIRED.policeStation, MAX.policeStation),
  complaintReference: requiredText(REQUIRED.complaintReference, MAX.complaintReference),
  keys: z.enum(CLAIM_KEYS_WHEREABOUTS, { error: REQUIRED.keys }),
  keysDetail: text(MAX.keysDetail).default(''),
});

export const claimDriverStepSchema = z.discriminatedUnion(
  'driver',
  [
    z.object({
      driver: z.literal('policy'),
      driverId: requiredText(REQUIRED.driver, MAX.driverId),
    }),
    z.object({
      driver: z.literal('other'),
      firstName: requiredText(REQUIRED.driverFirstName, MAX.driverName),
      lastName: requiredText(REQUIRED.driverLastName, MAX.driverName),
      phone: text(MAX.phone).default(''),
      licenceNumber: text(MAX.licenceNumber).default(''),
    }),
  ],
  { error: REQUIRED.driver },
);

export const claimVehicleStepSchema = z.object({
  drivable: yesNo(REQUIRED.drivable),
  location: requiredText(REQUIRED.vehicleLocation, MAX.vehicleLocation),
});

export const claimConstatStepSchema = z.object({
  /** The reference of a constat filled in the e-constat auto app, when there is no paper one. */
  eConstatReference: text(MAX.eConstatReference).default(''),
});

export const CLAIM_STEP_SCHEMAS = {
  kind: claimKindStepSchema,
  when: claimWhenStepSchema,
  circumstances: claimCircumstancesStepSchema,
  parties: claimPartiesStepSchema,
  injuries: claimInjuriesStepSchema,
  theft: claimTheftStepSchema,
  driver: claimDriverStepSchema,
  vehicle: claimVehicleStepSchema,
  constat: claimConstatStepSchema,
} as const satisfies Record<ClaimDataStep, z.ZodType>;

/**
 * A step's schema for a claim of `kind`: « Circonstances » of a broken-glass claim requires its
 * glass, and any other kind's drops it; every other step's is CLAIM_STEP_SCHEMAS'.
 */
export function claimStepSchema(step: ClaimDataStep, kind: ClaimKind | undefined): z.ZodType {
  if (step !== 'circumstances') return CLAIM_STEP_SCHEMAS[step];
  return kind === 'broken_glass'
    ? circumstancesOfAnyKind.extend({ glass: claimGlassSchema })
    : circumstancesOfAnyKind;
}

export type ClaimStepAnswers = {
  [S in ClaimDataStep]: z.output<(typeof CLAIM_STEP_SCHEMAS)[S]>;
};
export type ClaimStepInput<S extends ClaimDataStep> = z.input<(typeof CLAIM_STEP_SCHEMAS)[S]>;
