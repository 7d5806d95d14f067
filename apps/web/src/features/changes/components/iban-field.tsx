// The IBAN input of docs/product/changes.md /changePaymentDetails: shown in groups of four as typed; the schema
// removes the spaces before the check (docs/product/changes.md).
import { formatIbanGroups } from '@espace/contract';
import type { RefCallBack } from 'react-hook-form';
import { TextField } from '../../../components/form/form-field';

// 34 characters at most (ISO 13616) and a space after each group of four.
const MAX_GROUPED_LENGTH = 34 + 8;

export interface IbanFieldProps {
  name: string;
  value: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  ref: RefCallBack;
  error: string | undefined;
}

export function IbanField({ name, value, onChange, onBlur, ref, error }: IbanFieldProps) {
  return (
    <TextField
      label="IBAN"
      hint="Par exemple FR76 3000 6000 0112 3456 7890 189"
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="characters"
      maxLength={MAX_GROUPED_LENGTH}
      name={name}
      ref={ref}
      value={formatIbanGroups(value ?? '')}
      onChange={(event) => onChange(formatIbanGroups(event.target.value))}
      onBlur={onBlur}
      error={error}
    />
  );
}
