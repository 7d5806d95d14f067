// One request of the view customer_requests found by its reference or its id through the
// request index (migration 0037, docs/decisions/0106-console-request-index-and-prefix-search.md):
// the view is a union of five tables whose reference and id are computed, so a condition on
// them alone reads every request; the index gives the request's id and customer, and the
// view's branches then read that customer's rows by their indexes. Its id and reference are
// still the view's own: the index is a copy the triggers keep equal to it.
import { sql, type Expression, type SqlBool } from 'kysely';

/** The request `reference` in the view aliased `r` (the first, should two share it). */
export function viewReference(reference: string): Expression<SqlBool> {
  return sql<SqlBool>`(r.id = (select i.id from request_index i where i.reference = ${reference}
      order by i.created_at, i.id limit 1)
    and r.account_id = (select i.account_id from request_index i where i.reference = ${reference}
      order by i.created_at, i.id limit 1))`;
}

/** The request of view id `id` (`<source>:<row id>`) in the view aliased `r`. */
export function viewId(id: string): Expression<SqlBool> {
  return sql<SqlBool>`(r.id = ${id}
    and r.account_id = (select i.account_id from request_index i where i.id = ${id}))`;
}
