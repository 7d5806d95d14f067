// docs/product/changes.md /addDriver add-driver flow: every field required, the driver at
// least 18, the effective date from today (calendar minimum today). 204 → home and banner (docs/product/changes.md).
import {
  CHANGE_MESSAGES,
  newDriverSchema,
  PHONE_NUMBERS,
  RELATIONS_TO_CUSTOMER,
  todayInParis,
  type Policy,
} from '@espace/contract';
import { FormDateField } from '../../../components/date-field/form-date-field';
import { SelectField, TextField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { useAddDriver } from '../api/add-driver';
import { ChangeForm, ChangeNote } from '../components/change-form';
import { ChangePage } from '../components/change-page';
import { NameFields } from '../components/name-fields';
import { useChangeForm } from '../use-change-form';

export function Component() {
  return (
    <ChangePage title="AJOUTER UN CONDUCTEUR">
      {(policy) => <AddDriverForm policy={policy} />}
    </ChangePage>
  );
}

function AddDriverForm({ policy }: { policy: Policy }) {
  const change = useChangeForm({
    policy,
    schema: () => newDriverSchema(),
    defaultValues: {
      firstName: '',
      lastName: '',
      birthDate: '',
      bonus: '',
      driverLicenseNr: '',
      driverLicensePermDate: '',
      effectiveDate: '',
    },
    mutation: useAddDriver(),
    banners: CHANGE_MESSAGES.banners.addDriver,
    event: ANALYTICS_EVENTS.driverAdded,
    fields: [
      'salutation',
      'firstName',
      'lastName',
      'birthDate',
      'bonus',
      'relationToCustomer',
      'driverLicenseNr',
      'driverLicensePermDate',
      'effectiveDate',
    ],
  });
  const { register, control, formState } = change.form;
  const { errors } = formState;
  const today = todayInParis();

  return (
    <ChangeForm change={change} onValid={change.send} submitLabel="Ajouter un conducteur">
      <ChangeNote
        text={CHANGE_MESSAGES.notes.accompaniedDriving}
        phone={PHONE_NUMBERS.customerService}
      />
      <NameFields
        salutation={{ ...register('salutation'), error: errors.salutation?.message }}
        firstName={{ ...register('firstName'), error: errors.firstName?.message }}
        lastName={{ ...register('lastName'), error: errors.lastName?.message }}
      />
      <FormDateField control={control} name="birthDate" label="Date de naissance" max={today} />
      <TextField
        label="Bonus/malus (coefficient)"
        hint="Par exemple 0,85"
        inputMode="decimal"
        error={errors.bonus?.message}
        {...register('bonus')}
      />
      <SelectField
        label="Lien avec l’assuré"
        placeholder="-- Choisir --"
        options={RELATIONS_TO_CUSTOMER}
        error={errors.relationToCustomer?.message}
        {...register('relationToCustomer')}
      />
      <TextField
        label="Numéro de permis de conduire"
        hint="12 chiffres (permis délivré avant 2013) ou format actuel, par exemple 13AB12345"
        autoCapitalize="characters"
        error={errors.driverLicenseNr?.message}
        {...register('driverLicenseNr')}
      />
      <FormDateField
        control={control}
        name="driverLicensePermDate"
        label="Date d’obtention du permis"
        max={today}
      />
      <FormDateField control={control} name="effectiveDate" label="Date d’effet" min={today} />
    </ChangeForm>
  );
}
