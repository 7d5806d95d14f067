// French texts of the termination screen (docs/product/termination.md /contractTermination). The spec's
// English validation messages are given in French (docs/decisions/README.md (deviations)).
import { TERMINATION_COMMENT_MAX } from '../shared/constants';
import type { TerminationBasis } from './effective-date';
import { TERMINATION_ENTRY } from './entry';

export const TERMINATION_MESSAGES = {
  title: 'RÉSILIER LE CONTRAT',
  entry: TERMINATION_ENTRY,
  reasonPlaceholder: '-- Motif --',
  upload: 'Charger documents',
  submit: 'Résilier ce contrat',
  confirm: 'Oui, résilier le contrat',
  confirmQuestion: 'Êtes-vous sûr(e) de vouloir résilier ce contrat\u00a0?',
  success: 'Votre demande de résiliation a été envoyée avec succès.',
  backHome: 'Retour à l’accueil',
  downloadReceipt: 'Télécharger l’accusé de réception (PDF)',
  indicative:
    'Date indicative\u00a0: elle vous sera confirmée par votre courtier après examen de votre demande.',
  /** docs/product/termination.md, in French. */
  required: {
    firstName: 'Le prénom est obligatoire',
    lastName: 'Le nom est obligatoire',
    phone: 'Le numéro de téléphone ne doit pas être vide',
    email: 'L’adresse e-mail ne doit pas être vide',
    reason: 'Le motif est obligatoire',
    comment: 'Le commentaire est obligatoire',
    attachment: 'Une pièce justificative est obligatoire',
    policy: 'Choisissez le contrat à résilier',
    saleDate: 'La date de vente est obligatoire',
  },
  invalid: {
    email: 'L’adresse e-mail n’est pas valide',
    commentTooLong: `Le commentaire ne doit pas dépasser ${TERMINATION_COMMENT_MAX} caractères`,
    tooManyFiles: (max: number) =>
      max === 0
        ? 'Ce motif ne demande aucun justificatif.'
        : `Maximum ${max} fichier(s) accepté(s) pour ce motif.`,
    fileContent: 'Le contenu du fichier n’est pas lisible.',
    saleDate: 'La date de vente doit être une date valide (jj.mm.aaaa).',
  },
  /** docs/product/termination.md per-file results of the termination flow. */
  results: {
    policyNotFound: 'Le contrat introuvable',
    badRequest: 'Le fichier est vide',
    serverError: 'Erreur de fichier interne',
    other: 'Malheureusement, une erreur s’est produite lors du téléchargement du fichier.',
  },
  api: {
    policyTerminated: 'Ce contrat est déjà résilié.',
  },
  /** How the effective date was set, for the success view and the receipt. */
  basis: {
    'L113-12':
      'Résiliation à l’échéance annuelle du contrat, avec un préavis de deux mois (article L113-12 du Code des assurances).',
    'L113-15-2':
      'Résiliation d’un contrat de plus d’un an\u00a0: effet un mois après la réception de la demande (article L113-15-2 du Code des assurances).',
    'L113-16':
      'Résiliation pour un autre motif\u00a0: effet un mois après la réception de la demande, sous réserve de l’examen du justificatif (article L113-16 du Code des assurances).',
    'L121-11':
      'Vente du véhicule\u00a0: les garanties sont suspendues le lendemain de la vente à zéro heure\u00a0; le contrat est résilié dix jours après la réception de votre demande, et au plus tard six mois après la vente (article L121-11 du Code des assurances).',
  } satisfies Record<TerminationBasis, string>,
  saleDateLabel: 'Date de la vente',
  saleDateHint: 'Le jour où vous avez vendu ou cédé le véhicule (ou le jour prévu de la vente).',
  terminationDateLabel: 'Fin du contrat',
  effectiveLabel: {
    termination: 'Date d’effet de la résiliation',
    suspension: 'Suspension des garanties à compter du',
  },
} as const;
