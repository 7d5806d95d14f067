// /contact's complaint card (docs/product/complaints.md): what a complaint brings and the way to
// « Faire une réclamation ».
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { CONTACT_TEXTS } from '../texts';

export function ComplaintCard() {
  return (
    <section className="card contact-card" aria-labelledby="contact-complaint-title">
      <h2 id="contact-complaint-title">{CONTACT_TEXTS.complaintTitle}</h2>
      <p>{CONTACT_TEXTS.complaintLead}</p>
      <p>
        <Link className="button button--secondary" to={paths.complaint}>
          {CONTACT_TEXTS.complaintAction}
        </Link>
      </p>
    </section>
  );
}
