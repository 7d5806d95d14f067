// The journal page's alert when its hash chain is broken (docs/console.md « Journal »): an
// entry was changed, removed or added in the database behind the console's back. Said in words
// (which entry, of when, what was found) and as an alert, before the filters; nothing while the
// chain is intact or not read yet.
import { AUDIT_INTEGRITY_TEXTS as T } from '@espace/contract';
import { formatReceivedAt } from '../../../lib/format';
import { useAuditIntegrity } from '../api/get-audit-integrity';

export function IntegrityAlert() {
  const integrity = useAuditIntegrity();
  const broken = integrity.data?.broken;
  if (!integrity.data || integrity.data.intact || !broken) return null;
  const date = broken.at ? formatReceivedAt(broken.at) : null;
  return (
    <div role="alert" className="feedback feedback--error integrity-alert">
      <h2 className="integrity-alert__title">{T.title}</h2>
      <p>{T.reason(broken.reason, broken.seq, date)}</p>
      <p>{T.advice}</p>
    </div>
  );
}
