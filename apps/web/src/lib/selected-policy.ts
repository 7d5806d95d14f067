// docs/product/policies.md: the selected policy number is kept in session storage and passed in
// navigation state. The links to a policy's screens also carry it in their address
// (`?contrat=…`): followed before the portal's script has taken the page over (the first screen
// is drawn by the server), opened in a new tab or reloaded, the screen still knows the policy.
import { useLocation } from 'react-router';

const KEY = 'selectedPolicyNumber';

/** The address's parameter naming the policy (the same as 'Mes demandes' filters on). */
export const POLICY_PARAM = 'contrat';

export function selectPolicy(policyNumber: string): { policyNumber: string } {
  window.sessionStorage.setItem(KEY, policyNumber);
  return { policyNumber };
}

/** `path` for `policyNumber`: the screen reads the policy from its address. */
export function withPolicy(path: string, policyNumber: string): string {
  return `${path}?${POLICY_PARAM}=${encodeURIComponent(policyNumber)}`;
}

/** The policy chosen: the navigation's state, else the address's, else the session's. */
export function useSelectedPolicyNumber(): string | null {
  const { state, search } = useLocation() as {
    state: { policyNumber?: unknown } | null;
    search: string;
  };
  if (state && typeof state.policyNumber === 'string') return state.policyNumber;
  return new URLSearchParams(search).get(POLICY_PARAM) ?? window.sessionStorage.getItem(KEY);
}
