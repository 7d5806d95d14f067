// French texts of 'Mon compte' › « Mes données » (docs/product/data-export.md). The texts the
// server shares (refusals, the ready mail) are in the contract (account/data-export.ts).
import { DATA_EXPORT_VALID_DAYS } from '@espace/contract';

const NBSP = '\u00a0';

export const DATA_TEXTS = {
  title: 'Mes données',
  lead: 'Vous pouvez obtenir une copie de toutes les données que votre courtier détient à votre sujet (RGPD, articles 15 et 20)\u00a0: votre compte et vos clés d’accès, l’historique de votre consentement, vos contrats, vos documents et ceux à fournir, vos demandes et sinistres avec leur suivi, vos messages et vos brouillons, l’historique de vos connexions, et les dates et objets des consultations de votre dossier par votre courtier.',
  contents: 'Vous recevrez une archive zip contenant\u00a0:',
  files: [
    'mes-donnees.pdf, une version lisible en français\u00a0;',
    'donnees.json, les mêmes données dans un format lisible par une machine\u00a0;',
    'donnees.schema.json, la description de ce format (JSON Schema).',
  ],
  once: `La préparation se fait en arrière-plan et prend généralement moins d’une minute. Nous vous prévenons aussi par e-mail. Le lien de téléchargement ne fonctionne qu’une fois, pendant ${DATA_EXPORT_VALID_DAYS}${NBSP}jours.`,
  request: 'Demander une copie de mes données',
  requestAgain: 'Demander une nouvelle copie',
  statusTitle: 'Votre dernière demande',
  requestedAt: 'Demandée le',
  pending: (progress: number) => `Préparation en cours${NBSP}: ${progress}${NBSP}%`,
  progressLabel: 'Avancement de la préparation',
  ready: 'Votre copie est prête.',
  readyUntil: (date: string) => `Téléchargeable une seule fois, jusqu’au ${date}.`,
  download: 'Télécharger mes données (zip)',
  size: (kilobytes: number) => `${kilobytes}${NBSP}Ko`,
  downloaded: 'Votre copie a été téléchargée. Le lien ne fonctionne plus.',
  expired: 'Le lien de votre copie a expiré sans être utilisé.',
  failed: 'La préparation de votre copie a échoué. Demandez une nouvelle copie ou contactez-nous.',
  loadError: 'Malheureusement, l’état de votre demande n’a pas pu être chargé.',
  banners: {
    request: {
      success: 'Votre demande est enregistrée. La préparation de votre copie a commencé.',
      error: 'Malheureusement, votre demande n’a pas pu être enregistrée.',
    },
    downloadError: 'Malheureusement, le téléchargement n’a pas abouti.',
  },
} as const;
