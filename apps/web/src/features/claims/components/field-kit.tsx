// Small building blocks of the claim steps: a text field (as long as the contract allows), a
// radio group and the error of a path in a react-hook-form form, labelled and described as
// components/form does.
import { CLAIM_TEXT_MAX as MAX } from '@espace/contract';
import { get, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FieldError, TextField } from '../../../components/form/form-field';

export type StepForm = UseFormReturn<FieldValues>;

export function errorOf(form: StepForm, name: string): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** The longest text of each field (contract CLAIM_TEXT_MAX): what is typed always fits the draft. */
const MAX_LENGTH: Record<string, number> = {
  'thirdParty.name': MAX.name,
  'thirdParty.plate': MAX.plate,
  'thirdParty.insurer': MAX.insurer,
  'thirdParty.contractNumber': MAX.contractNumber,
  'witness.name': MAX.name,
  'witness.phone': MAX.phone,
  policeStation: MAX.policeStation,
  complaintReference: MAX.complaintReference,
  keysDetail: MAX.keysDetail,
  firstName: MAX.driverName,
  lastName: MAX.driverName,
  phone: MAX.phone,
  licenceNumber: MAX.licenceNumber,
  location: MAX.vehicleLocation,
  eConstatReference: MAX.eConstatReference,
};

export function Text({
  form,
  name,
  label,
  type = 'text',
  ...rest
}: {
  form: StepForm;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
}) {
  return (
    <TextField
      id={`claim-${name.replaceAll('.', '-')}`}
      label={label}
      type={type}
      className="input"
      error={errorOf(form, name)}
      maxLength={MAX_LENGTH[name]}
      {...rest}
      {...form.register(name)}
    />
  );
}

export function Choice({
  form,
  name,
  legend,
  options,
}: {
  form: StepForm;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = `claim-${name.replaceAll('.', '-')}`;
  const error = errorOf(form, name);
  return (
    <fieldset
      className="claim-choice"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="claim-choice__option">
          <input type="radio" value={option.value} {...form.register(name)} />
          <span>{option.label}</span>
        </label>
      ))}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

export const YES_NO = [
  { value: 'true', label: 'Oui' },
  { value: 'false', label: 'Non' },
] as const;
