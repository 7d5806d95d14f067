// 'Mes demandes' (docs/product/requests.md): the list, the statuses, and the receipt of a write.
export * from './requests';
export * from './receipt';
export * from './kinds';
export * from './statuses';
export * from './status-mail';
