// The signed-in customer, available to every screen once sign-in has completed.
import type { Account } from '@espace/contract';
import { createContext, useContext } from 'react';

export interface Session {
  /** The token subject: every call is scoped to it (docs/product/account.md). */
  accountId: string;
  email: string | undefined;
  name: string | undefined;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside of a signed-in tree');
  return session;
}

/** The session of `accountId` named by its account read (none when that read failed). */
export function sessionOf(accountId: string, account: Account | undefined): Session {
  const name = [account?.firstName, account?.lastName].filter(Boolean).join(' ') || undefined;
  return { accountId, email: account?.email, name };
}
