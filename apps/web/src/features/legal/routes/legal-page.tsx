// The legal pages of docs/product/legal-and-cookies.md (/rules, /personalInformation, /generalConditions) and the
// accessibility statement (/accessibility): the route path is the content slug.
import { legalSlugSchema, MESSAGES } from '@espace/contract';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { Loading } from '../../../components/loading';
import { RichText } from '../../../components/rich-text/rich-text';
import { useLegalPage } from '../api/get-legal-page';
import '../legal.css';

export function Component() {
  const slug = legalSlugSchema.safeParse(useLocation().pathname.slice(1));
  if (!slug.success) return <Navigate to={paths.notFound} replace />;
  return <LegalPageView slug={slug.data} />;
}

function LegalPageView({ slug }: { slug: (typeof legalSlugSchema)['options'][number] }) {
  const page = useLegalPage(slug);
  if (page.isPending) return <Loading />;
  if (page.isError) return <p role="alert">{MESSAGES.genericError}</p>;
  return (
    <article aria-labelledby="legal-title" className="legal-page">
      <h1 id="legal-title">{page.data.title}</h1>
      {page.data.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-section-${index}`}>
          <h2 id={`legal-section-${index}`}>{section.title}</h2>
          <RichText className="rich-text" html={section.html} />
        </section>
      ))}
    </article>
  );
}
