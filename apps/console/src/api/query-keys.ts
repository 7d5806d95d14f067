// The query keys more than one feature invalidates (a write on a request's page changes the inbox).
export const inboxKey = ['inbox'] as const;
