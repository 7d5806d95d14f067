import { describe, expect, it } from 'vitest';
import {
  acceptsUploadedFile,
  canConfirm,
  isDocumentComplete,
  missingFileCount,
  requiredFileCount,
  canUpload,
  DOCUMENT_STATUS_LABELS,
  documentStatusStyle,
  downloadedDocumentSchema,
  UPLOAD_REFUSALS,
  UPLOAD_MESSAGES,
  uploadFileTypeSchema,
  uploadResultMessage,
} from './documents';
import { checkFilesToAttach, FILE_CHECK_MESSAGES } from '../shared/file-checks';
import { type DocumentStatus } from '../policies/policy';
import { DOCUMENT_STATUSES } from '../policies/policy-values';

describe('document status labels (docs/product/documents.md)', () => {
  it.each([
    ['validated', 'Validé', 'validated'],
    ['rejected', 'Non conforme', 'rejected'],
    ['received', 'En cours de vérification', 'received'],
    ['pending', 'En attente', 'pending'],
    ['not validated', 'Non conforme', 'pending'],
    ['cancelled', 'Annulé', 'terminated'],
  ] as const)('a %s document reads %s and is styled %s', (status, label, style) => {
    expect(DOCUMENT_STATUS_LABELS[status]).toBe(label);
    expect(documentStatusStyle(status)).toBe(style);
  });
});

describe('upload eligibility (docs/product/documents.md)', () => {
  const expected: Record<DocumentStatus, { resend: boolean; noResend: boolean }> = {
    validated: { resend: true, noResend: false },
    rejected: { resend: true, noResend: true },
    received: { resend: false, noResend: false },
    pending: { resend: true, noResend: true },
    'not validated': { resend: true, noResend: true },
    cancelled: { resend: true, noResend: false },
  };

  it('covers every status', () => {
    expect(Object.keys(expected).sort()).toEqual([...DOCUMENT_STATUSES].sort());
  });

  for (const status of DOCUMENT_STATUSES) {
    it(`a ${status} document can be uploaded with canResend: ${expected[status].resend}, without: ${expected[status].noResend}`, () => {
      expect(canUpload({ fileType: 'permis', status, canResend: true })).toBe(
        expected[status].resend,
      );
      expect(canUpload({ fileType: 'permis', status, canResend: false })).toBe(
        expected[status].noResend,
      );
    });
  }

  it('a document with no status yet can be uploaded, whether or not it can be resent', () => {
    expect(canUpload({ fileType: 'permis', status: null, canResend: true })).toBe(true);
    expect(canUpload({ fileType: 'permis', status: null, canResend: false })).toBe(true);
  });

  it("an 'autre' entry is never clickable", () => {
    for (const status of [...DOCUMENT_STATUSES, null]) {
      for (const canResend of [true, false]) {
        expect(canUpload({ fileType: 'autre', status, canResend })).toBe(false);
      }
    }
  });
});

describe('files the server accepts (docs/product/documents.md)', () => {
  it('accepts a file for every document the customer may upload to', () => {
    for (const status of [...DOCUMENT_STATUSES, null]) {
      for (const canResend of [true, false]) {
        const doc = { fileType: 'permis', status, canResend };
        if (canUpload(doc)) expect(acceptsUploadedFile(doc)).toBe(true);
      }
    }
  });

  it('keeps a received document open, so every file of a batch arrives', () => {
    expect(canUpload({ fileType: 'permis', status: 'received', canResend: false })).toBe(false);
    expect(acceptsUploadedFile({ fileType: 'permis', status: 'received', canResend: false })).toBe(
      true,
    );
    expect(acceptsUploadedFile({ fileType: 'permis', status: 'received', canResend: true })).toBe(
      true,
    );
  });

  it('refuses a validated or cancelled document that cannot be resent', () => {
    for (const status of ['validated', 'cancelled'] as const) {
      expect(acceptsUploadedFile({ fileType: 'permis', status, canResend: false })).toBe(false);
      expect(acceptsUploadedFile({ fileType: 'permis', status, canResend: true })).toBe(true);
    }
  });

  it("always takes an extra document ('autre')", () => {
    expect(acceptsUploadedFile({ fileType: 'autre', status: null, canResend: false })).toBe(true);
  });
});

describe('downloaded document schema (docs/product/documents.md)', () => {
  it('accepts an id, a file name and an ISO date-time', () => {
    const doc = { id: 'd1', fileName: 'Attestation.pdf', created: '2026-01-15T09:30:00Z' };
    expect(downloadedDocumentSchema.parse(doc)).toEqual(doc);
    expect(
      downloadedDocumentSchema.safeParse({ ...doc, created: '2026-01-15T10:30:00+01:00' }).success,
    ).toBe(true);
  });

  it('refuses a date without a time', () => {
    const doc = { id: 'd1', fileName: 'a.pdf', created: '2026-01-15' };
    expect(downloadedDocumentSchema.safeParse(doc).success).toBe(false);
  });
});

describe('upload fileType field', () => {
  it('accepts 1 to 60 characters after trimming', () => {
    expect(uploadFileTypeSchema.parse(' autre ')).toBe('autre');
    expect(uploadFileTypeSchema.safeParse('x'.repeat(60)).success).toBe(true);
    expect(uploadFileTypeSchema.safeParse('x'.repeat(61)).success).toBe(false);
    expect(uploadFileTypeSchema.safeParse('   ').success).toBe(false);
  });
});

describe('files to attach (docs/product/documents.md)', () => {
  const pdf = (size: number, name = 'scan.pdf') => ({ name, size, type: 'application/pdf' });

  it('accepts pdf, png, jpg and jpeg files whatever the case of the extension', () => {
    const files = [
      pdf(1),
      { name: 'photo.PNG', size: 2, type: 'image/png' },
      { name: 'photo.jpg', size: 3, type: 'image/jpeg' },
      { name: 'photo.Jpeg', size: 4, type: 'image/jpeg' },
    ];
    expect(checkFilesToAttach([], files)).toEqual({ accepted: files, errors: [], refused: [] });
  });

  it('refuses a file over 10,000,000 bytes and accepts one of exactly 10,000,000', () => {
    const result = checkFilesToAttach([], [pdf(10_000_001), pdf(10_000_000)]);
    expect(result.accepted).toEqual([pdf(10_000_000)]);
    expect(result.errors).toEqual([
      'Fichier trop volumineux. Veuillez envoyer un fichier d’une taille inférieure à 10\u00a0Mo.',
    ]);
  });

  it('refuses a file whose extension or MIME type is not accepted', () => {
    const result = checkFilesToAttach(
      [],
      [
        { name: 'notes.docx', size: 1, type: 'application/pdf' },
        { name: 'page.pdf', size: 2, type: 'text/html' },
        { name: 'pdf', size: 3, type: 'application/pdf' },
      ],
    );
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      'Format de fichier non valide. Formats acceptés\u00a0: pdf, png, jpeg, jpg.',
    ]);
  });

  it('refuses a file of the same size and type as one already attached', () => {
    const result = checkFilesToAttach([pdf(500, 'a.pdf')], [pdf(500, 'b.pdf'), pdf(501)]);
    expect(result.accepted).toEqual([pdf(501)]);
    expect(result.errors).toEqual(['Le fichier est déjà joint.']);
  });

  it('refuses a file of the same size and type as one earlier in the same batch', () => {
    const result = checkFilesToAttach([], [pdf(500, 'a.pdf'), pdf(500, 'b.pdf')]);
    expect(result.accepted).toEqual([pdf(500, 'a.pdf')]);
    expect(result.errors).toEqual([FILE_CHECK_MESSAGES.alreadyAttached]);
  });

  it('the same size with another type is a different file', () => {
    const png = { name: 'a.png', size: 500, type: 'image/png' };
    expect(checkFilesToAttach([pdf(500)], [png]).accepted).toEqual([png]);
  });

  it('stops at the default of 4 files when the document sets no maximum', () => {
    const result = checkFilesToAttach([pdf(1), pdf(2)], [pdf(3), pdf(4), pdf(5)], {
      maxFileNumber: null,
    });
    expect(result.accepted).toEqual([pdf(3), pdf(4)]);
    expect(result.errors).toEqual(['Maximum 4 fichier(s) accepté(s)\u00a0!']);
  });

  it("stops at the document's own maximum", () => {
    const result = checkFilesToAttach([pdf(1)], [pdf(2), pdf(3)], { maxFileNumber: 2 });
    expect(result.accepted).toEqual([pdf(2)]);
    expect(result.errors).toEqual(['Maximum 2 fichier(s) accepté(s)\u00a0!']);
  });

  it('names each refused file with its reason: size, format, duplicate, count', () => {
    const result = checkFilesToAttach(
      [pdf(1, 'deja.pdf')],
      [
        pdf(11_000_000, 'scan-11-mo.pdf'),
        { name: 'notes.txt', size: 7, type: 'text/plain' },
        pdf(1, 'copie.pdf'),
        pdf(2, 'b.pdf'),
        pdf(3, 'c.pdf'),
        pdf(4, 'd.pdf'),
        pdf(5, 'e.pdf'),
      ],
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['b.pdf', 'c.pdf', 'd.pdf']);
    expect(result.refused).toEqual([
      { name: 'scan-11-mo.pdf', message: FILE_CHECK_MESSAGES.tooLarge },
      { name: 'notes.txt', message: FILE_CHECK_MESSAGES.invalidFormat },
      { name: 'copie.pdf', message: FILE_CHECK_MESSAGES.alreadyAttached },
      { name: 'e.pdf', message: 'Maximum 4 fichier(s) accepté(s)\u00a0!' },
    ]);
  });

  it('refuses a name and a declared type that name two different accepted types', () => {
    const result = checkFilesToAttach([], [{ name: 'photo.jpg', size: 9, type: 'image/png' }]);
    expect(result.refused).toEqual([
      { name: 'photo.jpg', message: FILE_CHECK_MESSAGES.invalidFormat },
    ]);
  });

  it('reports each kind of refusal once, in the order met', () => {
    const result = checkFilesToAttach(
      [pdf(1)],
      [pdf(20_000_000), { name: 'a.gif', size: 7, type: 'image/gif' }, pdf(1), pdf(30_000_000)],
    );
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      FILE_CHECK_MESSAGES.tooLarge,
      FILE_CHECK_MESSAGES.invalidFormat,
      FILE_CHECK_MESSAGES.alreadyAttached,
    ]);
  });
});

describe('confirming the upload (docs/product/documents.md)', () => {
  it('is disabled when no file is attached', () => {
    expect(canConfirm(0, null)).toBe(false);
    expect(canConfirm(0)).toBe(false);
  });

  it('is enabled with any number of files when no exact count is set', () => {
    expect(canConfirm(1, null)).toBe(true);
    expect(canConfirm(3)).toBe(true);
  });

  it('needs exactly the configured count when one is set', () => {
    expect(canConfirm(1, 2)).toBe(false);
    expect(canConfirm(2, 2)).toBe(true);
    expect(canConfirm(3, 2)).toBe(false);
  });
});

describe('per-file upload results (docs/product/documents.md)', () => {
  const notFound = (message: string) => ({ error: { code: 'not_found', message } });

  it('a 2xx response is a success', () => {
    expect(uploadResultMessage(201, { id: 'x' })).toBe(
      'Téléchargement réussi avec l’ID de fichier enregistré',
    );
    expect(uploadResultMessage(200, null)).toBe(UPLOAD_MESSAGES.success);
  });

  it('a 404 for a missing policy reads "Le contrat introuvable", as an error body or plain text', () => {
    expect(uploadResultMessage(404, notFound('Policy not found'))).toBe('Le contrat introuvable');
    expect(uploadResultMessage(404, 'Policy not found')).toBe('Le contrat introuvable');
  });

  it('a 404 for a missing claim reads "Le sinistre introuvable"', () => {
    expect(uploadResultMessage(404, notFound('Sinister not found'))).toBe(
      'Le sinistre introuvable',
    );
    expect(uploadResultMessage(404, 'Sinister not found')).toBe('Le sinistre introuvable');
  });

  it('any other failure reads "Erreur de chargement"', () => {
    expect(uploadResultMessage(404, notFound('Compte introuvable.'))).toBe('Erreur de chargement');
    expect(uploadResultMessage(404, undefined)).toBe('Erreur de chargement');
    expect(uploadResultMessage(400, notFound('Policy not found'))).toBe('Erreur de chargement');
    expect(uploadResultMessage(413, 'Payload Too Large')).toBe('Erreur de chargement');
    expect(uploadResultMessage(500, { oops: true })).toBe('Erreur de chargement');
    expect(uploadResultMessage(302, '')).toBe('Erreur de chargement');
  });

  it('a refusal the server explains follows "Erreur de chargement" with its reason', () => {
    const refused = (message: string) => ({ error: { code: 'validation', message } });
    expect(uploadResultMessage(400, refused(UPLOAD_REFUSALS.contentMismatch))).toBe(
      `Erreur de chargement\u00a0: ${UPLOAD_REFUSALS.contentMismatch}`,
    );
    expect(UPLOAD_REFUSALS.contentMismatch).toMatch(
      /^Le contenu du fichier ne correspond pas à son extension/,
    );
    expect(uploadResultMessage(413, refused(UPLOAD_REFUSALS.tooLarge))).toBe(
      `Erreur de chargement\u00a0: ${FILE_CHECK_MESSAGES.tooLarge}`,
    );
    // Any other text the server may send is never shown (docs/product/documents.md).
    expect(uploadResultMessage(400, refused('Internal detail'))).toBe('Erreur de chargement');
  });
});

describe('documents that need several files', () => {
  const permis = { exactFileNumber: 2, filesReceived: 1 };
  it('is received only when its required number of files has arrived', () => {
    expect(requiredFileCount({ exactFileNumber: null })).toBe(1);
    expect(requiredFileCount(permis)).toBe(2);
    expect(isDocumentComplete(permis, 1)).toBe(false);
    expect(isDocumentComplete(permis, 2)).toBe(true);
    expect(isDocumentComplete({ exactFileNumber: null }, 1)).toBe(true);
  });
  it('counts the received file: the customer sends the missing one', () => {
    expect(missingFileCount(permis)).toBe(1);
    expect(missingFileCount({ exactFileNumber: 2, filesReceived: 0 })).toBe(0);
    expect(missingFileCount({ exactFileNumber: null, filesReceived: 3 })).toBe(0);
    expect(canConfirm(1, 2, 1)).toBe(true);
    expect(canConfirm(2, 2, 1)).toBe(false);
    expect(canConfirm(1, 2)).toBe(false);
  });
});
