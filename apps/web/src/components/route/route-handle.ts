// What a route declares in its `handle` for the layout's route announcer (RGAA 8.6, 12.8): the
// screen's own title, put in document.title as '<title> – Espace Assuré'.
export interface TitleHandle {
  title: string;
}

export const SITE_NAME = 'Espace Assuré';

export function isTitleHandle(handle: unknown): handle is TitleHandle {
  return typeof (handle as Partial<TitleHandle> | null)?.title === 'string';
}

export const documentTitle = (title: string | undefined) =>
  title ? `${title} – ${SITE_NAME}` : SITE_NAME;
