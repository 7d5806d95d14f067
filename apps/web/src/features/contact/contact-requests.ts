// The written request of /contact (the call-back; writing goes to the « Messagerie »,
// components/message-card.tsx) (docs/product/requests.md cards calls banners), one definition
// each: the API route and its payload, the banners, the card's texts and field. The browser does
// not validate the value (docs/product/requests.md "Contact"): the server refuses an empty or absurd one and the
// error banner shows. One card (ContactRequestCard) and one hook (useSendContactRequest) serve it.
import { API_ROUTES, CONTACT_MESSAGES, type PhoneContactRequest } from '@espace/contract';
import type { AnalyticsEvent } from '../../lib/analytics/tracking';
import type { Session } from '../../lib/session';

export interface ContactRequestDefinition<TPayload = unknown> {
  /** Names the card's heading id: `contact-${key}-title`. */
  key: string;
  route: typeof API_ROUTES.phoneContact | typeof API_ROUTES.mailContact;
  /** The body of the call for what the customer typed. */
  payload(value: string, session: Session): TPayload;
  banners: { success(value: string): string; error: string };
  /** docs/product/requests.md lists no contact event; a request that gets one names it here. */
  event?: AnalyticsEvent;
  texts: { title: string; lead: string; label: string; submit: string };
  /** `name` is the payload's key, the one the server's `fields` names when it refuses it. */
  field: { id: string; name: string; control: 'tel' | 'textarea' };
}

/** docs/product/requests.md "Call-back request": the success banner repeats the typed number. */
const callback: ContactRequestDefinition<PhoneContactRequest> = {
  key: 'callback',
  route: API_ROUTES.phoneContact,
  payload: (phone) => ({ phone }),
  banners: { success: CONTACT_MESSAGES.callbackSuccess, error: CONTACT_MESSAGES.callbackError },
  texts: {
    title: 'Être rappelé(e)',
    lead: 'Laissez-nous votre numéro\u00a0: nous vous rappelons sous 48h.',
    label: 'Votre numéro de téléphone',
    submit: 'Demander un rappel',
  },
  field: { id: 'contact-phone', name: 'phone', control: 'tel' },
};

/** In the order of the cards on the page. */
export const CONTACT_REQUESTS: readonly ContactRequestDefinition[] = [callback];
