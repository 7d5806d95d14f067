// « Mes données » ('Mon compte', docs/product/data-export.md, docs/decisions/
// 0121-data-export-through-the-outbox.md): the customer's copy of what the broker holds about
// them (GDPR articles 15 and 20). What POST …/data-exports takes and GET …/data-exports answers,
// and the French texts; the JSON the archive carries is data-export-content.ts.
import { z } from '../shared/zod';
import { BRAND_KEYS } from '../documents/generated-documents';

const NBSP = '\u00a0';

/** How long a ready archive may be downloaded, once. */
export const DATA_EXPORT_VALID_DAYS = 7;

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
