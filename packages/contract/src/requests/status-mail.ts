// The e-mails a customer receives when the broker moves a request on or puts a new document
// online (docs/integration.md « E-mails au client », docs/decisions/0081-statuses-from-the-broker.md):
// their French words, in one place, and the portal screens they link to. The server draws them
// in the brand skin, as HTML and as plain text with the same words.
import { formatDate, formatMoney } from '../shared/format';

/** The documents screen's tabs (docs/product/documents.md): 'Téléchargement', 'Documents à fournir'. */
export const DOCUMENTS_DOWNLOAD_PATH = '/documents/0';
export const DOCUMENTS_TO_PROVIDE_PATH = '/documents/1';
/**
 * The address's parameters of « Documents à fournir » that name one document to open on: its
 * contract (the parameter every screen of a policy reads) and its type, unique on the contract
 * (docs/product/documents.md « A document the broker asks for »).
 */
export const DOCUMENT_TARGET_PARAMS = { contract: 'contrat', document: 'document' } as const;
/** « Documents à fournir » opened on one document: the link of the mails that ask for it. */
export const documentToProvidePath = (contractNumber: string, fileType: string) =>
  `${DOCUMENTS_TO_PROVIDE_PATH}?${new URLSearchParams({
    [DOCUMENT_TARGET_PARAMS.contract]: contractNumber,
    [DOCUMENT_TARGET_PARAMS.document]: fileType,
  }).toString()}`;

const NBSP = '\u00a0';
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;

export const STATUS_MAIL_TEXTS = {
  subject: (brandName: string, reference: string, statusLabel: string) =>
    `${brandName}${NBSP}: votre demande ${reference} est ${quoted(statusLabel)}`,
  greeting: (firstName: string) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
  intro: (kindLabel: string, reference: string, statusLabel: string) =>
    `Votre demande ${quoted(kindLabel)} (référence ${reference}) est désormais ${quoted(statusLabel)}.`,
  messageLead: `Le message de votre courtier${NBSP}:`,
  reasonLead: `La raison donnée par votre courtier${NBSP}:`,
  awaitedDocument: (name: string, files: number, dueOn?: string) =>
    `Pour poursuivre, votre courtier attend la pièce ${quoted(name)}` +
    (files > 1 ? ` (${files} fichiers)` : '') +
    (dueOn ? `, à transmettre avant le ${formatDate(dueOn)}` : '') +
    `. Déposez-la dans votre Espace Assuré, écran ${quoted('Mes documents')}, onglet ${quoted('Documents à fournir')}.`,
  expertise: (date: string, expert: string) =>
    `L’expertise de votre véhicule est prévue le ${formatDate(date)} avec ${expert}.`,
  repair: (garage: string) => `Votre véhicule est en réparation au garage ${garage}.`,
  settlement: (amount: number, franchise: number) =>
    `Montant versé${NBSP}: ${formatMoney(amount)}, franchise déduite${NBSP}: ${formatMoney(franchise)}.`,
  action: 'Voir ma demande',
  provideAction: 'Déposer la pièce',
  linkLead: `Votre demande dans votre Espace Assuré${NBSP}:`,
  provideLinkLead: `Déposer la pièce${NBSP}:`,
  noReply: `Ce message est envoyé automatiquement${NBSP}; pour toute question, écrivez à votre courtier depuis ${quoted('Nous contacter')} dans votre Espace Assuré.`,
  signature: (brandName: string) => `L’équipe ${brandName}`,
} as const;

export const NEW_DOCUMENT_MAIL_TEXTS = {
  subject: (brandName: string) => `${brandName}${NBSP}: un nouveau document est disponible`,
  intro: (title: string, contractNumber: string) =>
    `Un nouveau document, ${quoted(title)}, est disponible pour votre contrat ${contractNumber}.`,
  action: 'Voir mes documents',
  linkLead: `Vos documents dans votre Espace Assuré${NBSP}:`,
} as const;
