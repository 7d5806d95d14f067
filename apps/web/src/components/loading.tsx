import { MESSAGES } from '@espace/contract';
import './loading.css';

export function Loading({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}
