// « Mes données » ('Mon compte', docs/product/data-export.md, docs/decisions/
// 0121-data-export-through-the-outbox.md): the customer's copy of what the broker holds about
// them (GDPR articles 15 and 20). What POST …/data-exports takes and GET …/data-exports answers,
// the JSON the archive carries (its schema is this one, `dataExportContentSchema`, written into
// the archive as JSON Schema), and the French texts.
import { z } from 'zod';
import { BRAND_KEYS } from '../documents/generated-documents';

const NBSP = '\u00a0';

/** How long a ready archive may be downloaded, once. */
export const DATA_EXPORT_VALID_DAYS = 7;

/** 'Mon compte' › « Mes données », where the ready mail leads. */
export const ACCOUNT_DATA_PATH = '/account/data';

/** POST …/data-exports: the skin the readable PDF is drawn in (the one the customer sees). */
export const dataExportRequestSchema = z.strictObject(
  { brand: z.enum(BRAND_KEYS, { error: 'Habillage inconnu.' }).default('lumen') },
  { error: 'Seul l’habillage peut être indiqué.' },
);
export type DataExportRequest = z.infer<typeof dataExportRequestSchema>;

/** The `{exportId}` of GET …/data-exports/{exportId}/archive. */
export const dataExportIdSchema = z.uuid({ error: 'Identifiant d’export invalide.' });

/**
 * Where an export stands: being prepared (`progress` in percent), ready to download once,
 * downloaded, past its validity, or given up after repeated failures.
 */
export const DATA_EXPORT_STATUSES = [
  'pending',
  'ready',
  'downloaded',
  'expired',
  'failed',
] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** ISO instants. */
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes, once ready. */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET …/data-exports: the latest export asked for, if any. */
export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

// The archive's data.json. Dates are ISO 8601 (a day `YYYY-MM-DD`, an instant with its time
// zone); an IBAN is masked as everywhere in the portal.
const day = z.string().describe('Date (AAAA-MM-JJ)');
const instant = z.string().describe('Instant ISO 8601');
const address = z.object({
  street: z.string(),
  complement: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

export const dataExportContentSchema = z
  .object({
    format: z.literal('espace-assure/mes-donnees'),
    version: z.literal(1),
    generatedAt: instant,
    account: z.object({
      customerNumber: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      birthDate: day.nullable(),
      licenceNumber: z.string().nullable(),
      licenceDate: day.nullable(),
      createdAt: instant,
      commercialConsent: z.boolean(),
      address: address.nullable(),
      garageAddresses: z.array(address),
    }),
    consentHistory: z.array(
      z.object({ consent: z.boolean(), recordedAt: instant, source: z.string() }),
    ),
    contracts: z.array(
      z.object({
        policyNumber: z.string(),
        state: z.string(),
        startDate: day,
        endDate: day.nullable(),
        endReason: z.string().nullable(),
        annualPremium: z.number(),
        vehicles: z.array(
          z.object({
            manufacturer: z.string(),
            model: z.string(),
            licensePlate: z.string(),
            formula: z.string(),
            guarantees: z.array(
              z.object({ type: z.string(), description: z.string(), franchise: z.number() }),
            ),
          }),
        ),
        drivers: z.array(
          z.object({
            salutation: z.string(),
            firstName: z.string(),
            lastName: z.string(),
            birthDate: day,
            licenceDate: day.nullable(),
            principal: z.boolean(),
            bonusMalus: z.number(),
          }),
        ),
        paymentDetails: z
          .object({ method: z.string(), ownerName: z.string(), ibanMasked: z.string() })
          .nullable(),
        claimsHistory: z.array(
          z.object({
            occurredOn: day,
            nature: z.string(),
            driver: z.string().nullable(),
            responsibility: z.number(),
          }),
        ),
      }),
    ),
    documents: z.array(
      z.object({
        origin: z.enum(['broker', 'customer']),
        policyNumber: z.string(),
        title: z.string(),
        fileName: z.string(),
        contentType: z.string(),
        size: z.number().int(),
        at: instant,
      }),
    ),
    requests: z.array(
      z.object({
        reference: z.string(),
        kind: z.string(),
        kindLabel: z.string(),
        policyNumber: z.string().nullable(),
        createdAt: instant,
        status: z.string(),
        statusLabel: z.string(),
        answers: z.array(z.object({ label: z.string(), value: z.string() })),
        history: z.array(
          z.object({
            status: z.string(),
            statusLabel: z.string(),
            at: instant,
            message: z.string().nullable(),
          }),
        ),
      }),
    ),
    claims: z.array(
      z.object({
        reference: z.string(),
        kind: z.string(),
        policyNumber: z.string(),
        occurredOn: day,
        declaredAt: instant,
        late: z.boolean(),
      }),
    ),
    conversations: z.array(
      z.object({
        topic: z.string().nullable(),
        requestReference: z.string().nullable(),
        createdAt: instant,
        closedAt: instant.nullable(),
        messages: z.array(
          z.object({
            author: z.enum(['customer', 'broker']),
            at: instant,
            body: z.string(),
            attachments: z.array(
              z.object({
                fileName: z.string(),
                contentType: z.string(),
                size: z.number().int(),
              }),
            ),
          }),
        ),
      }),
    ),
    signIns: z.array(
      z.object({
        at: instant,
        method: z.string(),
        device: z.string(),
        userAgent: z.string(),
        newDevice: z.boolean(),
        lastUsedAt: instant,
      }),
    ),
  })
  .strict()
  .describe('Copie des données détenues par le courtier sur un client (RGPD, art. 15 et 20)');
export type DataExportContent = z.infer<typeof dataExportContentSchema>;

/** The files of the archive. */
export const DATA_EXPORT_FILES = {
  data: 'donnees.json',
  schema: 'donnees.schema.json',
  pdf: 'mes-donnees.pdf',
} as const;

export const DATA_EXPORT_MESSAGES = {
  notFound: 'Cet export est introuvable.',
  used: `Ce lien de téléchargement a déjà servi${NBSP}: demandez un nouvel export.`,
  expired: `Ce lien de téléchargement a expiré${NBSP}: demandez un nouvel export.`,
  notReady: 'Cet export est encore en préparation.',
  pending: 'Un export de vos données est déjà en préparation.',
  archiveName: (day: string) => `mes-donnees-${day}.zip`,
  /** The ready mail (services/data-export/ready-mail.ts). */
  mail: {
    subject: (brand: string) => `La copie de vos données ${brand} est prête`,
    greeting: (firstName: string) => `Bonjour ${firstName},`,
    intro:
      'La copie des données que nous détenons à votre sujet, que vous avez demandée, est prête.',
    once: `Téléchargez-la depuis votre espace, rubrique «${NBSP}Mes données${NBSP}»${NBSP}: le lien ne fonctionne qu’une fois, pendant ${DATA_EXPORT_VALID_DAYS}${NBSP}jours.`,
    ifNotYou: `Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe.`,
    open: `Ouvrir «${NBSP}Mes données${NBSP}»`,
    signature: (brand: string) => `L’équipe ${brand}`,
  },
} as const;
