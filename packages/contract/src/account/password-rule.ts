// The one rule for a new password (docs/decisions/README.md (deviations): the CNIL's recommendation,
// deliberation 2022-100, replaces docs/product/account.md's 8–24 character pattern). The form (zodResolver) and
// the server (change, reset) both call it, so the customer is never told one thing and refused
// another. Enforces:
// - at least 12 characters with the four kinds: upper case, lower case, digit, special character;
//   or at least 14 characters with three of those kinds (about 80 bits of entropy either way);
// - at most 128 characters (scrypt hashes any length; this bounds the work one request can ask);
// - not the current password, and not the customer's email address (nor containing it).
// Lengths count characters as people see them (code points), not UTF-16 units.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MIN_LENGTH_FEWER_KINDS = 14;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXT =
  'Au moins 12 caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial, ' +
  'ou au moins 14 caractères avec trois de ces quatre types. 128 caractères au plus. ' +
  'Il doit être différent de votre ancien mot de passe et de votre adresse e-mail.';

export const PASSWORD_RULE_MESSAGES = {
  tooWeak:
    'Ce mot de passe est trop faible\u00a0: au moins 12 caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial, ou au moins 14 caractères avec trois de ces types.',
  tooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  sameAsOld: 'Le nouveau mot de passe doit être différent de l’ancien.',
  containsEmail: 'Le mot de passe ne doit pas contenir votre adresse e-mail.',
} as const;

/** How many of the four kinds of character the password uses. */
export function passwordKinds(password: string): number {
  const kinds = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{Lu}\p{Ll}\p{Nd}]/u];
  return kinds.filter((kind) => kind.test(password)).length;
}

export interface PasswordContext {
  /** The current password, when the caller knows it (change form, server). */
  oldPassword?: string | undefined;
  /** The customer's sign-in email. */
  email?: string | undefined;
}

/** The French reason a new password is refused, or undefined when the rule accepts it. */
export function newPasswordProblem(
  password: string,
  context: PasswordContext = {},
): string | undefined {
  const length = [...password].length;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_RULE_MESSAGES.tooLong;
  const kinds = passwordKinds(password);
  const strong =
    (length >= PASSWORD_MIN_LENGTH && kinds === 4) ||
    (length >= PASSWORD_MIN_LENGTH_FEWER_KINDS && kinds >= 3);
  if (!strong) return PASSWORD_RULE_MESSAGES.tooWeak;
  if (context.oldPassword !== undefined && password === context.oldPassword)
    return PASSWORD_RULE_MESSAGES.sameAsOld;
  const email = context.email?.trim().toLowerCase();
  if (email && password.toLowerCase().includes(email)) return PASSWORD_RULE_MESSAGES.containsEmail;
  return undefined;
}
