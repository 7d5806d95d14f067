// The supervisors' dashboard (docs/console.md « Tableau de bord »): the open requests per kind
// (with how many are late against their kind's target delay, and per status), per agent, and the
// last weeks' flow as a chart with its figures in a table. Each count links to the inbox
// filtered the same way. An agent reaching it reads that it is the supervisors'
// (app/supervisors-only.tsx; the API answers them 403).
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/loading';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatHours } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDashboard } from '../api/get-dashboard';
import { WeeksChart } from '../components/weeks-chart';
import { WeeksTable } from '../components/weeks-table';

const inbox = (params: Record<string, string>) =>
  `${paths.inbox}?${new URLSearchParams(params).toString()}`;

export function Component() {
  const dashboard = useDashboard();
  return (
    <>
      <h1>Tableau de bord</h1>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <LoadError error={dashboard.error} />
      ) : (
        <div className="stack">
          <section aria-labelledby="kinds-title">
            <h2 id="kinds-title">Demandes ouvertes par genre</h2>
            <ScrollRegion labelledBy="kinds-title">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Genre</th>
                    <th scope="col">Ouvertes</th>
                    <th scope="col">En retard</th>
                    <th scope="col">Délai cible</th>
                    <th scope="col">Par statut</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.data.openByKind.map((kind) => (
                    <tr key={kind.kind}>
                      <th scope="row">
                        <Link to={inbox({ kind: kind.kind })}>{kind.kindLabel}</Link>
                      </th>
                      <td>{kind.open.toLocaleString('fr-FR')}</td>
                      <td>
                        {kind.late ? (
                          <Link to={inbox({ kind: kind.kind, age: 'overdue' })}>
                            {kind.late.toLocaleString('fr-FR')}
                          </Link>
                        ) : (
                          0
                        )}
                      </td>
                      <td className="nowrap">
                        {formatHours(dashboard.data.targetHours[kind.kind])}
                      </td>
                      <td>
                        {kind.byStatus
                          .map((s) => `${s.statusLabel}\u00a0: ${s.count.toLocaleString('fr-FR')}`)
                          .join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
          <section aria-labelledby="agents-title">
            <h2 id="agents-title">Demandes ouvertes par conseiller</h2>
            <ScrollRegion labelledBy="agents-title">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Attribuées à</th>
                    <th scope="col">Ouvertes</th>
                    <th scope="col">En retard</th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.data.byAgent.map((row) => (
                    <tr key={row.agent?.id ?? 'none'}>
                      <th scope="row">
                        <Link
                          to={inbox({ agent: row.agent?.id ?? 'none' })}
                          title={row.agent?.email ?? undefined}
                        >
                          {row.agent?.displayName ?? 'Non attribuées'}
                        </Link>
                      </th>
                      <td>{row.open.toLocaleString('fr-FR')}</td>
                      <td>{row.late.toLocaleString('fr-FR')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
          <section aria-labelledby="weeks-title">
            <h2 id="weeks-title">Les dernières semaines</h2>
            <WeeksChart weeks={dashboard.data.weeks} />
            <WeeksTable weeks={dashboard.data.weeks} />
          </section>
        </div>
      )}
    </>
  );
}
