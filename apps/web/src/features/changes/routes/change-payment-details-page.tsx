// docs/product/changes.md /changePaymentDetails: the IBAN (and, for another holder,
// title and names of 2 to 40 characters) is validated, then checked by POST …/iban/{iban}
// (400 and 403 texts under the field), then PUT …/payment-details must answer 200. The button
// stays disabled while the calls run.
import {
  CHANGE_MESSAGES,
  IBAN_MESSAGES,
  paymentFormSchema,
  SALUTATIONS,
  toPaymentDetailsUpdate,
  type PaymentDetails,
  type PaymentForm,
  type Policy,
} from '@espace/contract';
import { useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Navigate } from 'react-router';
import { SelectField, TextField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { paths } from '../../../lib/paths';
import { useChangePaymentDetails } from '../api/change-payment-details';
import { useCheckIban, type IbanCheck } from '../api/check-iban';
import { ChangeForm } from '../components/change-form';
import { ChangePage } from '../components/change-page';
import { IbanField } from '../components/iban-field';
import { useChangeForm } from '../use-change-form';

export function Component() {
  return (
    <ChangePage title="CHANGER LES DÉTAILS DE PAIEMENT">
      {(policy) =>
        policy.paymentDetails ? (
          <PaymentForm policy={policy} current={policy.paymentDetails} />
        ) : (
          // docs/product/changes.md: the menu offers this screen only for a policy with payment details.
          <Navigate to={paths.home} replace />
        )
      }
    </ChangePage>
  );
}

function PaymentForm({ policy, current }: { policy: Policy; current: PaymentDetails }) {
  const ownerId = useId();
  const change = useChangeForm({
    policy,
    schema: () => paymentFormSchema,
    defaultValues: { changeHolder: false, firstName: '', lastName: '', iban: '' },
    mutation: useChangePaymentDetails(),
    banners: CHANGE_MESSAGES.banners.changePayment,
    event: ANALYTICS_EVENTS.paymentDetailsChanged,
    fields: ['firstName', 'lastName', 'iban'],
  });
  const { register, control, setError, formState } = change.form;
  const { errors } = formState;
  const changeHolder = useWatch({ control, name: 'changeHolder' });
  const {
    field: ibanField,
    fieldState: { error: ibanError },
  } = useController({ control, name: 'iban' });
  const checkIban = useCheckIban();

  const submit = async (form: PaymentForm) => {
    let check: IbanCheck;
    try {
      check = await checkIban.mutateAsync(form.iban);
    } catch {
      // docs/product/changes.md: a check that could not answer (another status, the network) fails the change.
      change.action.fail();
      return;
    }
    if (check !== 'valid') {
      setError('iban', { message: IBAN_MESSAGES[check] }, { shouldFocus: true });
      return;
    }
    await change.send(toPaymentDetailsUpdate(form, current));
  };

  return (
    <ChangeForm change={change} onValid={submit} submitLabel="Changer les détails de paiement">
      <div className="form-field form-field--checkbox">
        <input type="checkbox" id={`${ownerId}-holder`} {...register('changeHolder')} />
        <label htmlFor={`${ownerId}-holder`}>
          Le titulaire du compte bancaire est différent de l’assuré
        </label>
      </div>
      {changeHolder ? (
        <>
          <SelectField
            label="Civilité du titulaire"
            placeholder="-- Choisir --"
            options={SALUTATIONS}
            error={errors.title?.message}
            {...register('title')}
          />
          <TextField
            label="Prénom du titulaire"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Nom du titulaire"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </>
      ) : (
        <TextField
          id={`${ownerId}-owner`}
          label="Titulaire du compte"
          value={current.bankAccount.ownerName}
          readOnly
        />
      )}
      <IbanField {...ibanField} error={ibanError?.message} />
    </ChangeForm>
  );
}
