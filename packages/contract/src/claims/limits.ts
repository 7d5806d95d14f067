// The limits of a claim declaration (docs/product/claims.md).
/** Photos of the damage, taken or chosen. */
export const CLAIM_MAX_PHOTOS = 10;
/** The constat amiable: one PDF or a few photos of its pages. */
export const CLAIM_MAX_CONSTAT_FILES = 4;
/** A photo is resized in the browser to this longest side before it is sent. */
export const CLAIM_PHOTO_MAX_SIDE_PX = 2000;
/** JPEG quality of the browser's re-encoding. */
export const CLAIM_PHOTO_JPEG_QUALITY = 0.85;
export const CLAIM_DESCRIPTION_MAX = 2000;
export const CLAIM_MAX_WITNESSES = 3;
/** A draft untouched for this many days is purged (the server's CLAIM_DRAFT_TTL_DAYS overrides). */
export const CLAIM_DRAFT_TTL_DAYS = 30;
/**
 * The longest text of each field of the steps, after trimming: the step schemas check it on
 * « Continuer », the typed values of a draft (typed.ts) while the customer types.
 */
export const CLAIM_TEXT_MAX = {
  place: 200,
  name: 100,
  plate: 20,
  insurer: 100,
  contractNumber: 40,
  phone: 30,
  policeStation: 120,
  complaintReference: 60,
  keysDetail: 200,
  driverId: 40,
  driverName: 60,
  licenceNumber: 30,
  vehicleLocation: 200,
  eConstatReference: 40,
  /** A day as the date input gives it (YYYY-MM-DD) or typed (jj.mm.aaaa). */
  date: 10,
  /** hh:mm */
  time: 5,
} as const;
