// docs/product/addresses.md: street number, street, postal code, city and country, filled from
// the picked place and editable; 'enregistrer' enables once all five are filled. An optional
// complement (bâtiment, appartement…, 38 characters at most: decision 0044) follows. The contract's
// addressFormSchema validates (French messages under each field, linked by aria-describedby) and
// trims what is submitted.
import {
  ADDRESS_MESSAGES,
  addressFormSchema,
  type AddressForm as AddressFormValues,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/form/form-field';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { CHANGE_ADDRESS_TEXTS } from '../texts';
import './address-form.css';
import { SubmitButton } from '../../../components/form/submit-button';

type AddressFormInput = z.input<typeof addressFormSchema>;

const LABELS = ADDRESS_MESSAGES.form;
const FIELDS = ['streetNumber', 'street', 'postalCode', 'city', 'country'] as const;

export interface AddressFormProps {
  defaultValues: AddressFormInput;
  onSubmit(values: AddressFormValues): Promise<void>;
  busy: boolean;
}

export function AddressForm({ defaultValues, onSubmit, busy }: AddressFormProps) {
  const { register, handleSubmit, control, formState } = useForm<
    AddressFormInput,
    unknown,
    AddressFormValues
  >({
    mode: 'onTouched',
    shouldFocusError: false,
    resolver: zodResolver(addressFormSchema),
    defaultValues,
  });
  const { errors, submitCount } = formState;
  const formRef = useFocusFirstError(submitCount);
  const values = useWatch({ control });
  const filled = FIELDS.every((field) => (values[field] ?? '').trim() !== '');

  const field = (name: (typeof FIELDS)[number] | 'complement', autoComplete?: string) => ({
    ...register(name),
    label: LABELS[name],
    error: errors[name]?.message,
    autoComplete,
  });

  return (
    <form
      ref={formRef}
      className="address-form"
      aria-labelledby="address-form-title"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
    >
      <h2 id="address-form-title">{CHANGE_ADDRESS_TEXTS.formTitle}</h2>
      <p className="address-form__required">{CHANGE_ADDRESS_TEXTS.required}</p>
      <div className="address-form__street">
        <TextField {...field('streetNumber')} />
        <TextField {...field('street', 'address-line1')} />
      </div>
      <TextField {...field('complement', 'address-line2')} hint={LABELS.complementHint} />
      <TextField {...field('postalCode', 'postal-code')} inputMode="numeric" />
      <TextField {...field('city', 'address-level2')} />
      <TextField {...field('country', 'country-name')} />
      <div className="form-actions">
        <SubmitButton pending={busy} disabled={!filled} pendingLabel={CHANGE_ADDRESS_TEXTS.sending}>
          {LABELS.submit}
        </SubmitButton>
      </div>
    </form>
  );
}
