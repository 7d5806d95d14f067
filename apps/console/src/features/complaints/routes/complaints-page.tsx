// « Réclamations » (docs/console.md): the complaints queue, the answer due first, each with its
// two deadlines (acknowledgement within 10 working days, answer within 2 months) and whether it
// is late; the answered ones too on request. Supervisors export the register as CSV.
import { Link, useSearchParams } from 'react-router';
import { Field } from '../../../components/field';
import { LoadError, Loading } from '../../../components/loading';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatReceivedAt } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { isSupervisor, useStaff } from '../../../lib/staff';
import { registerHref, useComplaintQueue, type QueueShow } from '../api/complaints';
import { Deadline } from '../components/deadline';

export function Component() {
  const [params, setParams] = useSearchParams();
  const show: QueueShow = params.get('afficher') === 'toutes' ? 'all' : 'open';
  const queue = useComplaintQueue(show);
  const staff = useStaff();
  return (
    <>
      <h1>Réclamations</h1>
      <div className="inline-form">
        <Field label="Afficher">
          <select
            value={show}
            onChange={(event) =>
              setParams(event.target.value === 'all' ? { afficher: 'toutes' } : {})
            }
          >
            <option value="open">Sans réponse</option>
            <option value="all">Toutes</option>
          </select>
        </Field>
        {isSupervisor(staff) && (
          <a className="button button--secondary" href={registerHref()} download>
            Exporter le registre (CSV)
          </a>
        )}
      </div>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadError error={queue.error} />
      ) : queue.data.complaints.length === 0 ? (
        <p className="muted">Aucune réclamation à traiter.</p>
      ) : (
        <ScrollRegion labelledBy="complaints-caption">
          <table className="table">
            <caption id="complaints-caption">
              Réclamations ({queue.data.complaints.length.toLocaleString('fr-FR')})
            </caption>
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Client</th>
                <th scope="col">Objet</th>
                <th scope="col">Reçue le</th>
                <th scope="col">Accusé de réception</th>
                <th scope="col">Réponse</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.complaints.map((item) => (
                <tr key={item.reference}>
                  <th scope="row">
                    <Link to={paths.complaint(item.reference)}>{item.reference}</Link>
                  </th>
                  <td>
                    {item.customerName} <span className="muted">({item.customerNumber})</span>
                  </td>
                  <td>{item.categoryLabel}</td>
                  <td>{formatReceivedAt(item.receivedAt)}</td>
                  <td>
                    <Deadline
                      lastDay={item.acknowledgeBy}
                      doneAt={item.acknowledgedAt}
                      late={item.acknowledgementLate}
                    />
                  </td>
                  <td>
                    <Deadline
                      lastDay={item.answerBy}
                      doneAt={item.answeredAt}
                      late={item.answerLate}
                    />
                    {item.outcomeLabel && <div>{item.outcomeLabel}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
