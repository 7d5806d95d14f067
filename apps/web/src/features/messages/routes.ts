import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/messages.md: the « Messagerie », its list, a new message and one conversation.
export const messagesRoutes: RouteObject[] = [
  {
    path: paths.messages,
    lazy: () => import('./routes/messages-page'),
    handle: { title: 'Messagerie' },
  },
  {
    path: paths.messageNew,
    lazy: () => import('./routes/new-conversation-page'),
    handle: { title: 'Nouveau message – Messagerie' },
  },
  {
    path: paths.conversationPattern,
    lazy: () => import('./routes/conversation-page'),
    handle: { title: 'Une conversation – Messagerie' },
  },
];
