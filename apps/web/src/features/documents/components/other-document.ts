import { OTHER_FILE_TYPE, type DocumentToProvide } from '@espace/contract';

/** docs/product/documents.md: the 'Ajouter un autre document' entry of every policy, sent as file type 'autre'. */
export const ADD_OTHER_DOCUMENT: DocumentToProvide = {
  name: 'Ajouter un autre document',
  description: 'Tout autre document utile à votre dossier',
  fileType: OTHER_FILE_TYPE,
  status: null,
  canResend: true,
  maxFileNumber: null,
  exactFileNumber: null,
  filesReceived: 0,
};
