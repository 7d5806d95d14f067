// Payloads of the contract changes (docs/product/changes.md): one schema per request, built from the
// shared fields of fields.ts and used by the form through zodResolver and by the route, so both
// show the same French messages (docs/decisions/0009-one-contract.md); with the IBAN check, the
// licence plate and the texts of the change screens.
export { CHANGE_TEXT_MAX, CRM_MAX, CRM_MIN, DRIVER_LICENSE_DIGITS } from './fields';
export * from './new-driver';
export * from './driver-ref';
export * from './vehicle-change';
export * from './payment-details';
export * from './iban';
export * from './plate';
export * from './messages';
