// The written requests of /contact (docs/product/contact-and-faq.md), one definition each: how
// it is sent, the banners and where the success banner leads, the card's texts and field.
// - the call-back: POST …/mail/phone-contact, a request of 'Mes demandes';
// - the message: a new conversation of the « Messagerie » (docs/product/messages.md), started
//   by the same call as the « Messagerie »'s new message (api/start-conversation.ts), on the
//   subject « Autre question »; its banner says so and links to the conversation. The draft of a
//   new message typed in the « Messagerie » stays (`keepDraft`).
// The browser does not validate the value (docs/product/contact-and-faq.md): the server refuses
// an empty or absurd one, its reason shown under the field. One card (ContactRequestCard) and one
// hook (useSendContactRequest) serve both.
import {
  CONTACT_MESSAGES,
  RECONTACT_PROMISE,
  type Conversation,
  type RequestReceipt,
} from '@espace/contract';
import { CONVERSATIONS_READ } from '../../api/get-conversations';
import { startConversation } from '../../api/start-conversation';
import { FOLLOW_REQUEST_LINK } from '../../components/action/use-action-lifecycle';
import type { BannerLink } from '../../components/banner/banner-context';
import type { AnalyticsEvent } from '../../lib/analytics/tracking';
import { paths } from '../../lib/paths';
import { sendCallBack } from './api/send-contact-request';

export interface ContactRequestDefinition<TResult = unknown> {
  /** Names the card's heading id: `contact-${key}-title`. */
  key: string;
  /** Sends what the customer typed, for account `accountId`. */
  send(accountId: string, value: string): Promise<TResult>;
  banners: { success(value: string): string; error: string };
  /** Where the success banner leads: to follow the request, or to the conversation opened. */
  successLink(result: TResult): BannerLink;
  /** The portal's read (api/portal-reads.ts) that the write changes, read again after it. */
  changes?: string;
  /** docs/product/requests.md lists no contact event; a request that gets one names it here. */
  event?: AnalyticsEvent;
  texts: { title: string; lead: string; label: string; submit: string };
  /** `name` is the payload's key, the one the server's `fields` names when it refuses it. */
  field: { id: string; name: string; control: 'tel' | 'textarea' };
}

/** docs/product/contact-and-faq.md "Être rappelé(e)": the success banner repeats the typed number. */
export const CALLBACK_REQUEST: ContactRequestDefinition<RequestReceipt> = {
  key: 'callback',
  send: (accountId, phone) => sendCallBack(accountId, { phone }),
  banners: { success: CONTACT_MESSAGES.callbackSuccess, error: CONTACT_MESSAGES.callbackError },
  successLink: () => FOLLOW_REQUEST_LINK,
  texts: {
    title: 'Être rappelé(e)',
    lead: `Laissez-nous votre numéro\u00a0: nous vous rappelons ${RECONTACT_PROMISE}.`,
    label: 'Votre numéro de téléphone',
    submit: 'Demander un rappel',
  },
  field: { id: 'contact-phone', name: 'phone', control: 'tel' },
};

/** docs/product/contact-and-faq.md "Par écrit": a conversation of the « Messagerie ». */
export const MESSAGE_REQUEST: ContactRequestDefinition<Conversation> = {
  key: 'message',
  send: (accountId, text) =>
    startConversation(accountId, { topic: 'other', text, keepDraft: true }),
  banners: {
    success: () => `${CONTACT_MESSAGES.mailSuccess} ${CONTACT_MESSAGES.messageStarted}`,
    error: CONTACT_MESSAGES.mailError,
  },
  successLink: (conversation) => ({
    to: paths.conversation(conversation.id),
    label: CONTACT_MESSAGES.messageStartedLink,
  }),
  changes: CONVERSATIONS_READ,
  texts: {
    title: 'Par écrit',
    lead: `Écrivez à votre courtier\u00a0: votre message ouvre une conversation dans votre messagerie sécurisée, où sa réponse vous attend ${RECONTACT_PROMISE}. Un courriel vous prévient, sans rien dire de son contenu.`,
    label: 'Votre message',
    submit: 'Envoyer le message',
  },
  field: { id: 'contact-message', name: 'text', control: 'textarea' },
};
