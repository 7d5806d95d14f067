// The embedded provider's page paths, in a module that loads nothing: the import CLI and the
// integration API build invitation links (docs/decisions/0075-first-access-invitation.md)
// without the provider.
export const INTERACTION_PATH = '/interaction';

export const PASSWORD_RESET_PATHS = {
  forgot: `${INTERACTION_PATH}/password/forgot`,
  reset: `${INTERACTION_PATH}/password/reset`,
  /** « Première connexion » (first-access-routes.ts), whose links open the reset page too. */
  firstAccess: `${INTERACTION_PATH}/password/first-access`,
} as const;

/** The absolute link of the set-password page for a token, under the portal's public URL. */
export const passwordLinkFor = (publicUrl: string) => (token: string) =>
  `${publicUrl}${PASSWORD_RESET_PATHS.reset}?token=${encodeURIComponent(token)}`;
