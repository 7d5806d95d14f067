// docs/product/changes.md /removeDriver: salutation, names, birth date and the effective date
// (not in the past, calendar minimum today); 204 → home and banner (docs/product/changes.md). The policy's secondary
// drivers are offered to fill the fields: the server only removes a driver of that policy.
import {
  CHANGE_MESSAGES,
  driverRefSchema,
  isoToFrenchDate,
  SALUTATION_LABELS,
  todayInParis,
  type Policy,
} from '@espace/contract';
import { Link } from 'react-router';
import { FormDateField } from '../../../components/date-field/form-date-field';
import { SelectField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { paths } from '../../../lib/paths';
import { useRemoveDriver } from '../api/remove-driver';
import { ChangeForm, ChangeNote } from '../components/change-form';
import { ChangePage } from '../components/change-page';
import { NameFields } from '../components/name-fields';
import { useChangeForm } from '../use-change-form';

export function Component() {
  return (
    <ChangePage title="RETIRER UN CONDUCTEUR">
      {(policy) =>
        policy.drivers.some((driver) => !driver.principal) ? (
          <RemoveDriverForm policy={policy} />
        ) : (
          <NoSecondaryDriver />
        )
      }
    </ChangePage>
  );
}

/** No form that can only fail; the principal driver cannot be removed (docs/product/changes.md). */
function NoSecondaryDriver() {
  return (
    <div className="change-form" data-testid="no-secondary-driver">
      <ChangeNote text={CHANGE_MESSAGES.notes.noSecondaryDriver} />
      <p>
        <Link className="button" to={paths.home}>
          Retour à mes polices d’assurance
        </Link>
      </p>
    </div>
  );
}

function RemoveDriverForm({ policy }: { policy: Policy }) {
  const change = useChangeForm({
    policy,
    schema: () => driverRefSchema(),
    defaultValues: { firstName: '', lastName: '', birthDate: '', effectiveDate: '' },
    mutation: useRemoveDriver(),
    banners: CHANGE_MESSAGES.banners.removeDriver,
    event: ANALYTICS_EVENTS.driverRemoved,
    fields: ['salutation', 'firstName', 'lastName', 'birthDate', 'effectiveDate'],
  });
  const { register, control, setValue, formState } = change.form;
  const { errors, isSubmitted } = formState;
  const secondary = policy.drivers.filter((driver) => !driver.principal);

  const fillFrom = (driverId: string) => {
    const driver = secondary.find((d) => d.id === driverId);
    if (!driver) return;
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('salutation', driver.salutation, options);
    setValue('firstName', driver.firstName, options);
    setValue('lastName', driver.lastName, options);
    setValue('birthDate', isoToFrenchDate(driver.birthDate), options);
  };

  return (
    <ChangeForm change={change} onValid={change.send} submitLabel="Retirer un conducteur">
      <SelectField
        label="Conducteur du contrat à retirer"
        hint="Choisissez un conducteur pour remplir le formulaire."
        placeholder="-- Choisir un conducteur --"
        options={secondary.map((d) => ({
          value: d.id,
          label: `${SALUTATION_LABELS[d.salutation]} ${d.firstName} ${d.lastName} (né(e) le ${isoToFrenchDate(d.birthDate)})`,
        }))}
        onChange={(event) => fillFrom(event.target.value)}
      />
      <NameFields
        salutation={{ ...register('salutation'), error: errors.salutation?.message }}
        firstName={{ ...register('firstName'), error: errors.firstName?.message }}
        lastName={{ ...register('lastName'), error: errors.lastName?.message }}
      />
      <FormDateField
        control={control}
        name="birthDate"
        label="Date de naissance"
        max={todayInParis()}
      />
      <FormDateField
        control={control}
        name="effectiveDate"
        label={'Quand voudriez-vous que cela prenne effet\u00a0?'}
        min={todayInParis()}
      />
    </ChangeForm>
  );
}
