// Customer search (docs/console.md « Clients »): by name, e-mail, customer number, contract
// number, plate or request reference (a reference found opens its request from the results);
// the words searched are in the URL (?q=), so a link, a reload or the back and forward buttons
// show them, in the box and in the results.
import { ScrollRegion } from '../../../components/scroll-region';
import { Link, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { useCustomerSearch } from '../api/search-customers';
import { CustomerSearchForm } from '../components/customer-search-form';

export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useCustomerSearch(q);
  return (
    <>
      <h1>Clients</h1>
      <CustomerSearchForm key={q} q={q} onSearch={(words) => setParams({ q: words })} />
      {q.length >= 2 &&
        (search.isPending ? (
          <Loading />
        ) : search.isError ? (
          <LoadError error={search.error} />
        ) : search.data.length ? (
          <ScrollRegion labelledBy="results-caption">
            <table className="table">
              <caption id="results-caption">
                {search.data.length} client{search.data.length > 1 ? 's' : ''} pour{' '}
                {`«\u00a0${q}\u00a0»`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">N° client</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Contrats</th>
                  <th scope="col">Immatriculations</th>
                  <th scope="col">Demande</th>
                </tr>
              </thead>
              <tbody>
                {search.data.map((hit) => (
                  <tr key={hit.customerNumber}>
                    <th scope="row">
                      <Link to={paths.customer(hit.customerNumber)}>{hit.name}</Link>
                    </th>
                    <td className="nowrap">{hit.customerNumber}</td>
                    <td>{hit.email ?? '—'}</td>
                    <td>{hit.policyNumbers.join(', ') || '—'}</td>
                    <td className="nowrap">{hit.plates.join(', ') || '—'}</td>
                    <td className="nowrap">
                      {hit.requestReference ? (
                        <Link to={paths.request(hit.requestReference)}>
                          Ouvrir la demande {hit.requestReference}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p role="status">Aucun client pour {`«\u00a0${q}\u00a0»`}.</p>
        ))}
    </>
  );
}
