// docs/product/changes.md /changeVehicle effective window: the body of
// PUT …/{policyNumber}/vehicle.
import { z } from '../shared/zod';
import { VEHICLE_EFFECTIVE_WINDOW_MONTHS } from '../shared/constants';
import { isWithinMonths } from '../shared/dates';
import { CHANGE_MESSAGES } from './messages';
import {
  clock,
  dateField,
  dateRule,
  licensePlateField,
  notFuture,
  notPast,
  textField,
} from './fields';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

export const ENGINES = [
  'Essence',
  'Diesel',
  'Hybride',
  'Hybride rechargeable',
  'Électrique',
  'GPL',
  'Éthanol (E85)',
] as const;

/** docs/product/changes.md: the new vehicle is insured from today up to VEHICLE_EFFECTIVE_WINDOW_MONTHS ahead. */
const inVehicleWindow = dateRule(
  (iso, today) => isWithinMonths(iso, today, VEHICLE_EFFECTIVE_WINDOW_MONTHS),
  INVALID.effectiveTooFar,
);

export function vehicleChangeSchema(today?: string) {
  const now = clock(today);
  return z.object({
    manufacturer: textField(REQUIRED.manufacturer),
    model: textField(REQUIRED.model),
    engine: z.enum(ENGINES, { error: REQUIRED.engine }),
    equipment: textField(REQUIRED.equipment),
    licensePlate: licensePlateField,
    regDate: dateField(REQUIRED.regDate, now, notFuture),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast, inVehicleWindow),
  });
}
export type VehicleChange = z.output<ReturnType<typeof vehicleChangeSchema>>;
