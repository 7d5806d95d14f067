// docs/product/policies.md: the selected policy number is kept in session storage and passed in navigation state.
import { useLocation } from 'react-router';

const KEY = 'selectedPolicyNumber';

export function selectPolicy(policyNumber: string): { policyNumber: string } {
  window.sessionStorage.setItem(KEY, policyNumber);
  return { policyNumber };
}

export function useSelectedPolicyNumber(): string | null {
  const state = useLocation().state as { policyNumber?: unknown } | null;
  if (state && typeof state.policyNumber === 'string') return state.policyNumber;
  return window.sessionStorage.getItem(KEY);
}
