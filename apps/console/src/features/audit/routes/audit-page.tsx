// The audit log (docs/console.md « Journal »), for supervisors: every read and action of the
// staff, filtered by member, customer and dates in the URL, paged, exportable as CSV. An agent
// reaching it reads that it is the supervisors', without its filters nor its export
// (app/supervisors-only.tsx; the API answers them 403). Members by name (their e-mail on hover
// and in the export), what each entry did in a line (« Reçue → Traitée : … ») and what it was
// about, never a raw id (a conversation by its subject or request). When the
// journal's hash chain is broken
// (an entry changed in the database behind the console's back), an alert says so first.
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ScrollRegion } from '../../../components/scroll-region';
import { useStaffList } from '../../../api/get-staff';
import { Field } from '../../../components/field';
import { LoadError, Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination';
import { formatReceivedAt } from '../../../lib/format';
import { auditCsvHref, readAuditQuery, useAudit } from '../api/get-audit';
import { IntegrityAlert } from '../components/integrity-alert';

export function Component() {
  const [params, setParams] = useSearchParams();
  const query = readAuditQuery(params);
  const audit = useAudit(query);
  const staff = useStaffList().data ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.entries(Object.fromEntries(new FormData(event.currentTarget)));
    setParams(values.filter(([, v]) => v !== '') as [string, string][]);
  };
  return (
    <>
      <h1>Journal</h1>
      <IntegrityAlert />
      <form
        key={params.toString()}
        className="filters"
        aria-label="Filtrer le journal"
        onSubmit={submit}
      >
        <Field label="Membre de l’équipe">
          <select name="staff" defaultValue={query.staff ?? ''}>
            <option value="">Tout le monde</option>
            {staff.map((m) => (
              <option key={m.id} value={m.id}>
                {m.displayName}
              </option>
            ))}
          </select>
        </Field>
        <Field label="N° client">
          <input name="customer" defaultValue={query.customer ?? ''} />
        </Field>
        <Field label="Du">
          <input name="from" type="date" defaultValue={query.from ?? ''} />
        </Field>
        <Field label="Au">
          <input name="to" type="date" defaultValue={query.to ?? ''} />
        </Field>
        <div className="filters__actions">
          <button type="submit" className="button">
            Filtrer
          </button>
          <a className="button button--secondary" href={auditCsvHref(query)} download>
            Exporter en CSV
          </a>
        </div>
      </form>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <LoadError error={audit.error} />
      ) : audit.data.items.length ? (
        <>
          <ScrollRegion labelledBy="audit-caption">
            <table className="table">
              <caption id="audit-caption">Entrées du journal ({audit.data.total})</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Membre</th>
                  <th scope="col">Action</th>
                  <th scope="col">Objet</th>
                  <th scope="col">Détails</th>
                  <th scope="col">N° client</th>
                  <th scope="col">Adresse IP</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">{formatReceivedAt(entry.at)}</td>
                    <td>
                      {entry.staffName ? (
                        <span title={entry.staffEmail}>{entry.staffName}</span>
                      ) : (
                        entry.staffEmail
                      )}
                    </td>
                    <td>{entry.actionLabel}</td>
                    <td>{entry.targetLabel ?? '—'}</td>
                    <td>{entry.summary ?? '—'}</td>
                    <td className="nowrap">{entry.customerNumber ?? '—'}</td>
                    <td>{entry.address ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination
            page={audit.data.page}
            pageCount={audit.data.pageCount}
            label="Pages du journal"
          />
        </>
      ) : (
        <p className="muted">Aucune entrée pour ces filtres.</p>
      )}
    </>
  );
}
