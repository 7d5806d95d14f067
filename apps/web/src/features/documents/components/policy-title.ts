import type { Policy } from '@espace/contract';

/** docs/product/documents.md: each group is titled 'manufacturer model (plate)'. */
export function policyTitle(policy: Policy): string {
  const risk = policy.risks[0]!;
  return `${risk.manufacturer} ${risk.model} (${risk.licensePlate})`;
}
