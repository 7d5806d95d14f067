// docs/product/changes.md /changeVehicle: every field required, a SIV plate (with or
// without dashes, sent as AA-123-AA), the effective date from today to 6 months ahead; the change
// takes up to 48 h, with a phone number for urgent cases. 204 → home and banner (docs/product/changes.md).
import {
  addMonths,
  CHANGE_MESSAGES,
  ENGINES,
  PHONE_NUMBERS,
  telHref,
  todayInParis,
  VEHICLE_EFFECTIVE_WINDOW_MONTHS,
  vehicleChangeSchema,
  type Policy,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  FOLLOW_REQUEST_LINK,
  useActionLifecycle,
} from '../../../components/action/use-action-lifecycle';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { FormDateField } from '../../../components/date-field/form-date-field';
import { SelectField, TextField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { paths } from '../../../lib/paths';
import { useChangeVehicle } from '../api/change-vehicle';
import { ChangePage } from '../components/change-page';

export function Component() {
  return (
    <ChangePage title="CHANGER DE VÉHICULE">
      {(policy) => <ChangeVehicleForm policy={policy} />}
    </ChangePage>
  );
}

function ChangeVehicleForm({ policy }: { policy: Policy }) {
  const schema = useMemo(() => vehicleChangeSchema(), []);
  const { register, control, handleSubmit, setError, formState } = useForm({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: {
      manufacturer: '',
      model: '',
      equipment: '',
      licensePlate: '',
      regDate: '',
      effectiveDate: '',
    },
  });
  const { errors, isSubmitting, submitCount } = formState;
  const formRef = useFocusFirstError(submitCount);
  const changeVehicle = useActionLifecycle(useChangeVehicle(), {
    successLink: FOLLOW_REQUEST_LINK,
    banners: CHANGE_MESSAGES.banners.changeVehicle,
    event: ANALYTICS_EVENTS.vehicleChanged,
    successPath: paths.home,
    form: {
      setError,
      fields: [
        'manufacturer',
        'model',
        'engine',
        'equipment',
        'licensePlate',
        'regDate',
        'effectiveDate',
      ],
    },
  });
  const today = todayInParis();
  const urgent = PHONE_NUMBERS.urgentVehicleChange;

  return (
    <form
      ref={formRef}
      className="change-form"
      noValidate
      onSubmit={handleSubmit((vehicle) =>
        changeVehicle.run({ policyNumber: policy.policyNumber, change: vehicle }),
      )}
    >
      <p className="change-form__note">
        {CHANGE_MESSAGES.notes.vehicleDelay} <a href={telHref(urgent)}>{urgent}</a>.
      </p>
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
      <div className="form-actions">
        <SubmitButton pending={isSubmitting}>Changer de véhicule</SubmitButton>
      </div>
    </form>
  );
}
