// « Mes documents » before its code and data have come (docs/product/documents.md « While it
// loads »): its title, its two tabs and a card per contract to come, drawn at once, by the
// server for a page opened on /documents and by the layout while the screen's code loads.
import { ScreenSkeleton } from '../../../components/skeleton/screen-skeleton';
import { DOCUMENTS_TEXTS } from '../texts';

export function DocumentsSkeleton() {
  return <ScreenSkeleton title={DOCUMENTS_TEXTS.title} tabs={DOCUMENTS_TEXTS.tabs} cards={2} />;
}
