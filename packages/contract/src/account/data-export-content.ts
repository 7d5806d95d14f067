// The archive's donnees.json of « Mes données » (docs/product/data-export.md): its zod schema,
// written into the archive as JSON Schema (draft 2020-12, strict: a field the schema does not
// describe fails it). Dates are ISO 8601 (a day `YYYY-MM-DD`, an instant with its time zone); an
// IBAN is masked as everywhere in the portal; a staff member is never named. Version 2 added the
// security settings, passkeys, owed documents, claims' declarations and drafts, files of the
// requests, read receipts, message drafts, earlier copies and the staff's consultations
// (docs/decisions/0133-data-export-holds-the-data-map.md).
import { z } from '../shared/zod';

const day = z.string().describe('Date (AAAA-MM-JJ)');
const instant = z.string().describe('Instant ISO 8601');
const address = z.object({
  street: z.string(),
  complement: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});
/** What was asked or declared, line by line in French (as « Mes demandes » shows it). */
const lines = z.array(z.object({ label: z.string(), value: z.string() }));
/** A stored file, listed (never copied): each is downloadable in the portal. */
const file = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nullable(),
});

export const dataExportContentSchema = z
  .object({
    format: z.literal('espace-assure/mes-donnees'),
    version: z.literal(2),
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
    security: z
      .object({
        signInEmail: z.string().nullable(),
        passwordChangedAt: instant.nullable(),
        secondFactorSince: instant.nullable(),
        unusedRecoveryCodes: z.number().int(),
      })
      .describe(
        'Connexion\u00a0: e-mail, date du mot de passe, double authentification, codes de secours',
      ),
    passkeys: z
      .array(z.object({ name: z.string(), createdAt: instant, lastUsedAt: instant.nullable() }))
      .describe('Clés d’accès'),
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
    owedDocuments: z
      .array(
        z.object({
          policyNumber: z.string(),
          name: z.string(),
          description: z.string(),
          dueOn: day.nullable(),
          filesReceived: z.number().int(),
          status: z.string().nullable(),
          statusLabel: z.string().nullable(),
          reason: z.string().nullable(),
          checkedAt: instant.nullable(),
        }),
      )
      .describe('Documents à fournir, avec la vérification du courtier'),
    requests: z.array(
      z.object({
        reference: z.string(),
        kind: z.string(),
        kindLabel: z.string(),
        policyNumber: z.string().nullable(),
        createdAt: instant,
        status: z.string(),
        statusLabel: z.string(),
        answers: lines,
        files: z.array(file),
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
        declaration: lines.describe('Circonstances, personnes, blessés, véhicule'),
      }),
    ),
    claimDrafts: z
      .array(
        z.object({
          policyNumber: z.string(),
          startedAt: instant,
          updatedAt: instant,
          declaration: lines.describe('Les étapes confirmées'),
          typed: z
            .record(z.string(), z.unknown())
            .describe('Ce qui est saisi sur une étape pas encore confirmée, tel que saisi'),
          files: z.array(file.extend({ role: z.string() })),
        }),
      )
      .describe('Déclarations de sinistre commencées, pas encore envoyées'),
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
            readAt: instant.nullable(),
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
    messageDrafts: z
      .array(z.object({ about: z.string(), body: z.string(), updatedAt: instant }))
      .describe('Brouillons de messages'),
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
    dataExports: z
      .array(
        z.object({
          requestedAt: instant,
          status: z.string(),
          readyAt: instant.nullable(),
          downloadedAt: instant.nullable(),
          trail: z.array(
            z.object({ action: z.string(), at: instant, userAgent: z.string().nullable() }),
          ),
        }),
      )
      .describe('Copies de vos données demandées'),
    staffAccesses: z
      .array(z.object({ at: instant, action: z.string(), purpose: z.string() }))
      .describe(
        'Consultations et actions de l’équipe du courtier sur le dossier\u00a0: date et objet, sans le nom du membre de l’équipe (CJUE, 22\u00a0juin\u00a02023, C-579/21)',
      ),
  })
  .strict()
  .describe('Copie des données détenues par le courtier sur un client (RGPD, art. 15 et 20)');
export type DataExportContent = z.infer<typeof dataExportContentSchema>;
