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
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Navigate } from 'react-router';
import {
  FOLLOW_REQUEST_LINK,
  useActionLifecycle,
} from '../../../components/action/use-action-lifecycle';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { SelectField, TextField } from '../../../components/form/form-field';
import { ANALYTICS_EVENTS } from '../../../lib/analytics/tracking';
import { paths } from '../../../lib/paths';
import { useChangePaymentDetails } from '../api/change-payment-details';
import { useCheckIban, type IbanCheck } from '../api/check-iban';
import { ChangePage } from '../components/change-page';
import { IbanField } from '../components/iban-field';

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
  const { register, control, handleSubmit, setError, formState } = useForm({
    shouldFocusError: false,
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { changeHolder: false, firstName: '', lastName: '', iban: '' },
  });
  const { errors, isSubmitting, submitCount } = formState;
  const formRef = useFocusFirstError(submitCount);
  const changeHolder = useWatch({ control, name: 'changeHolder' });
  const {
    field: ibanField,
    fieldState: { error: ibanError },
  } = useController({ control, name: 'iban' });
  const checkIban = useCheckIban();
  const changePayment = useActionLifecycle(useChangePaymentDetails(), {
    successLink: FOLLOW_REQUEST_LINK,
    banners: CHANGE_MESSAGES.banners.changePayment,
    event: ANALYTICS_EVENTS.paymentDetailsChanged,
    successPath: paths.home,
    form: { setError, fields: ['firstName', 'lastName', 'iban'] },
  });

  const submit = async (form: PaymentForm) => {
    let check: IbanCheck;
    try {
      check = await checkIban.mutateAsync(form.iban);
    } catch {
      // docs/product/changes.md: a check that could not answer (another status, the network) fails the change.
      changePayment.fail();
      return;
    }
    if (check !== 'valid') {
      setError('iban', { message: IBAN_MESSAGES[check] }, { shouldFocus: true });
      return;
    }
    await changePayment.run({
      policyNumber: policy.policyNumber,
      change: toPaymentDetailsUpdate(form, current),
    });
  };

  return (
    <form ref={formRef} className="change-form" noValidate onSubmit={handleSubmit(submit)}>
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
      <div className="form-actions">
        <SubmitButton pending={isSubmitting}>Changer les détails de paiement</SubmitButton>
      </div>
    </form>
  );
}
