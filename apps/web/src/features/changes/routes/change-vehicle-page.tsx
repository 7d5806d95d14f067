// docs/product/changes.md /changeVehicle: every field required, a SIV plate (with or
// without dashes, sent as AA-123-AA), the effective date from today to 6 months ahead; the change
// takes up to 48 h, with a phone number for urgent cases. 204 → home and banner (docs/product/changes.md).
import {
  addMonths,
  CHANGE_MESSAGES,
  ENGINES,
  PHONE_NUMBERS,
  todayInParis,
  VEHICLE_EFFECTIVE_WINDOW_MONTHS,
  vehicleChangeSchema,
  type Policy,
} from '@espace/contract';
import { FormDateField } from '../../../components/date-field/form-date-field';
import { SelectField, TextField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { useChangeVehicle } from '../api/change-vehicle';
import { ChangeForm, ChangeNote } from '../components/change-form';
import { ChangePage } from '../components/change-page';
import { useChangeForm } from '../use-change-form';

export function Component() {
  return (
    <ChangePage title="CHANGER DE VÉHICULE">
      {(policy) => <ChangeVehicleForm policy={policy} />}
    </ChangePage>
  );
}

function ChangeVehicleForm({ policy }: { policy: Policy }) {
  const change = useChangeForm({
    policy,
    schema: () => vehicleChangeSchema(),
    defaultValues: {
      manufacturer: '',
      model: '',
      equipment: '',
      licensePlate: '',
      regDate: '',
      effectiveDate: '',
    },
    mutation: useChangeVehicle(),
    banners: CHANGE_MESSAGES.banners.changeVehicle,
    event: ANALYTICS_EVENTS.vehicleChanged,
    fields: [
      'manufacturer',
      'model',
      'engine',
      'equipment',
      'licensePlate',
      'regDate',
      'effectiveDate',
    ],
  });
  const { register, control, formState } = change.form;
  const { errors } = formState;
  const today = todayInParis();

  return (
    <ChangeForm change={change} onValid={change.send} submitLabel="Changer de véhicule">
      <ChangeNote
        text={CHANGE_MESSAGES.notes.vehicleDelay}
        phone={PHONE_NUMBERS.urgentVehicleChange}
      />
      <TextField
        label="Marque"
        error={errors.manufacturer?.message}
        {...register('manufacturer')}
      />
      <TextField label="Modèle" error={errors.model?.message} {...register('model')} />
      <SelectField
        label="Énergie"
        placeholder="-- Choisir --"
        options={ENGINES}
        error={errors.engine?.message}
        {...register('engine')}
      />
      <TextField label="Finition" error={errors.equipment?.message} {...register('equipment')} />
      <TextField
        label="Immatriculation"
        hint="Format AA-123-AA, avec ou sans tirets"
        autoCapitalize="characters"
        error={errors.licensePlate?.message}
        {...register('licensePlate')}
      />
      <FormDateField
        control={control}
        name="regDate"
        label="Date de première mise en circulation"
        max={today}
      />
      <FormDateField
        control={control}
        name="effectiveDate"
        label="Date d’effet"
        min={today}
        max={addMonths(today, VEHICLE_EFFECTIVE_WINDOW_MONTHS)}
      />
    </ChangeForm>
  );
}
