// The sections of « Mon compte » as its sub-navigation names them (docs/product/account.md). A
// module of its own, without imports: the shell's phone menu names « Mes demandes » with it, and
// must not bring the account screens' texts (and the contract's schemas behind them) into the
// first screen's script.
export const ACCOUNT_NAV_TEXTS = {
  address: 'Adresse',
  requests: 'Mes demandes',
  password: 'Mot de Passe',
  security: 'Sécurité',
  data: 'Mes données',
  communication: 'Gestion des préférences',
  accountDelete: 'Supprimer le Compte',
} as const;
