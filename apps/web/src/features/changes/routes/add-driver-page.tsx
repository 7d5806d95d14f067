// docs/product/changes.md /addDriver add-driver flow: every field required, the driver at
// least 18, the effective date from today (calendar minimum today). 204 → home and banner (docs/product/changes.md).
import {
  CHANGE_MESSAGES,
  newDriverSchema,
  PHONE_NUMBERS,
  RELATIONS_TO_CUSTOMER,
  telHref,
  todayInParis,
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
import { useAddDriver } from '../api/add-driver';
import { ChangePage } from '../components/change-page';
import { NameFields } from '../components/name-fields';

export function Component() {
  return (
    <ChangePage title="AJOUTER UN CONDUCTEUR">
      {(policy) => <AddDriverForm policy={policy} />}
    </ChangePage>
  );
}

function AddDriverForm({ policy }: { policy: Policy }) {
  const schema = useMemo(() => newDriverSchema(), []);
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: '',
      lastName: '',
      birthDate: '',
      bonus: '',
      driverLicenseNr: '',
      driverLicensePermDate: '',
      effectiveDate: '',
    },
  });
  const { register, control, handleSubmit, formState } = form;
  const { errors, isSubmitting, submitCount } = formState;
  const formRef = useFocusFirstError(submitCount);
  const addDriver = useActionLifecycle(useAddDriver(), {
    successLink: FOLLOW_REQUEST_LINK,
    banners: CHANGE_MESSAGES.banners.addDriver,
    event: ANALYTICS_EVENTS.driverAdded,
    successPath: paths.home,
    form: {
      setError: form.setError,
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
    },
  });
  const today = todayInParis();
  const { customerService } = PHONE_NUMBERS;

  return (
    <form
      ref={formRef}
      className="change-form"
      noValidate
      onSubmit={handleSubmit((driver) =>
        addDriver.run({ policyNumber: policy.policyNumber, change: driver }),
      )}
    >
      <p className="change-form__note">
        {CHANGE_MESSAGES.notes.accompaniedDriving}{' '}
        <a href={telHref(customerService)}>{customerService}</a>.
      </p>
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
      <div className="form-actions">
        <SubmitButton pending={isSubmitting}>Ajouter un conducteur</SubmitButton>
      </div>
    </form>
  );
}
