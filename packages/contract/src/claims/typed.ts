// What the customer typed on a step of the declaration and has not confirmed with « Continuer »
// (docs/product/claims.md, docs/decisions/0079-claim-declaration-deadline-and-drafts.md): kept in
// the draft as they type, so nothing typed is lost when the tab closes or the customer goes on
// elsewhere. These values have the shape of the step's answers but may be partial: every field
// is optional and may be empty. Types, the lengths of CLAIM_TEXT_MAX and safe text are checked
// as for the answers; what the step requires (a date, a place, a valid time) is checked only on
// « Continuer » (steps.ts) and on sending.
import { z } from '../shared/zod';
import { safeMultilineString, safeString } from '../shared/safe-text';
import { CLAIM_GLASS_DAMAGES, CLAIM_GLASS_PANES } from './glass';
import { CLAIM_KINDS, type ClaimDataStep } from './kinds';
import { CLAIM_DESCRIPTION_MAX, CLAIM_MAX_WITNESSES, CLAIM_TEXT_MAX as MAX } from './limits';
import { CLAIM_MESSAGES } from './messages';
import {
  CLAIM_KEYS_WHEREABOUTS,
  CLAIM_PLACE_SOURCES,
  claimConstatBoxes,
  claimCoordinate,
} from './steps';

const { required: REQUIRED, invalid: INVALID } = CLAIM_MESSAGES;

const typedText = (max: number) =>
  safeString()
    .max(max, { error: INVALID.tooLong(max) })
    .optional();
const typedChoice = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.enum(values, { error }).optional();
const typedYesNo = (error: string) => z.boolean({ error }).optional();

const typedPerson = {
  name: typedText(MAX.name),
  phone: typedText(MAX.phone),
};

export const CLAIM_TYPED_SCHEMAS = {
  kind: z.object({ kind: typedChoice(CLAIM_KINDS, REQUIRED.kind) }),
  when: z.object({
    occurredOn: typedText(MAX.date),
    occurredAt: typedText(MAX.time),
    learntOn: typedText(MAX.date),
    place: z
      .object({
        label: typedText(MAX.place),
        source: typedChoice(CLAIM_PLACE_SOURCES, INVALID.placeSource),
        latitude: claimCoordinate(90),
        longitude: claimCoordinate(180),
      })
      .optional(),
    naturalDisasterOrderOn: typedText(MAX.date),
  }),
  circumstances: z.object({
    boxes: claimConstatBoxes,
    glass: z
      .object({
        pane: typedChoice(CLAIM_GLASS_PANES, REQUIRED.glassPane),
        damage: typedChoice(CLAIM_GLASS_DAMAGES, REQUIRED.glassDamage),
      })
      .optional(),
    description: safeMultilineString()
      .max(CLAIM_DESCRIPTION_MAX, { error: INVALID.tooLong(CLAIM_DESCRIPTION_MAX) })
      .optional(),
  }),
  parties: z.object({
    thirdParty: z
      .object({
        name: typedPerson.name,
        plate: typedText(MAX.plate),
        insurer: typedText(MAX.insurer),
        contractNumber: typedText(MAX.contractNumber),
      })
      .nullable()
      .optional(),
    witnesses: z
      .array(z.object(typedPerson))
      .max(CLAIM_MAX_WITNESSES, { error: INVALID.tooManyWitnesses })
      .optional(),
  }),
  injuries: z.object({ injuries: typedYesNo(REQUIRED.injuries) }),
  theft: z.object({
    complaintFiledOn: typedText(MAX.date),
    policeStation: typedText(MAX.policeStation),
    complaintReference: typedText(MAX.complaintReference),
    keys: typedChoice(CLAIM_KEYS_WHEREABOUTS, REQUIRED.keys),
    keysDetail: typedText(MAX.keysDetail),
  }),
  driver: z.object({
    driver: typedChoice(['policy', 'other'], REQUIRED.driver),
    driverId: typedText(MAX.driverId),
    firstName: typedText(MAX.driverName),
    lastName: typedText(MAX.driverName),
    phone: typedText(MAX.phone),
    licenceNumber: typedText(MAX.licenceNumber),
  }),
  vehicle: z.object({
    drivable: typedYesNo(REQUIRED.drivable),
    location: typedText(MAX.vehicleLocation),
  }),
  constat: z.object({ eConstatReference: typedText(MAX.eConstatReference) }),
} as const satisfies Record<ClaimDataStep, z.ZodType>;

export type ClaimTypedAnswers = {
  [S in ClaimDataStep]: z.output<(typeof CLAIM_TYPED_SCHEMAS)[S]>;
};

const typedStep = <S extends ClaimDataStep>(step: S) =>
  z.object({ step: z.literal(step), typed: CLAIM_TYPED_SCHEMAS[step].optional() });

/**
 * PUT …/drafts/{draftId}/progress: without `typed`, the step the customer is on, recorded; with
 * it, what they typed on that step (a data step only), which moves no recorded step.
 */
export const claimDraftProgressSchema = z.discriminatedUnion(
  'step',
  [
    typedStep('kind'),
    typedStep('when'),
    typedStep('circumstances'),
    typedStep('parties'),
    typedStep('injuries'),
    typedStep('theft'),
    typedStep('driver'),
    typedStep('vehicle'),
    z.object({ step: z.literal('photos') }),
    typedStep('constat'),
    z.object({ step: z.literal('summary') }),
  ],
  { error: INVALID.step },
);
export type ClaimDraftProgress = z.output<typeof claimDraftProgressSchema>;
