// French texts of « Mes documents » (docs/product/documents.md) shared by the screen and its
// skeleton, which the layout shows while the screen's code and data are on the way.
export const DOCUMENTS_TEXTS = {
  title: 'Mes documents',
  tabs: ['Téléchargement', 'Documents à fournir'],
  provideDisabled:
    'Documents à fournir\u00a0: indisponible, car tous vos contrats sont résiliés. Aucun document n’est à transmettre.',
  provideMarker: 'documents à transmettre',
} as const;
