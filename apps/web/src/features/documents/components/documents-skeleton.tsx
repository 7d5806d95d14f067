// « Mes documents » before its code and data have come (docs/product/documents.md « While it
// loads »): its title, its two tabs and a card per contract to come, drawn at once, by the
// server for a page opened on /documents and by the layout while the screen's code loads.
import { ScreenSkeleton } from '../../../components/skeleton/screen-skeleton';
import { paths, type DocumentsTab } from '../../../lib/paths';
import { DOCUMENTS_TEXTS } from '../texts';

const TABS = DOCUMENTS_TEXTS.tabs.map((label, index) => ({
  label,
  to: paths.documentsTab(index as DocumentsTab),
}));

export function DocumentsSkeleton() {
  return <ScreenSkeleton title={DOCUMENTS_TEXTS.title} tabs={TABS} cards={2} />;
}
