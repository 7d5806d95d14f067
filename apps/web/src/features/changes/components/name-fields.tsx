// Salutation, first name and last name: the first three fields of both driver forms (docs/product/changes.md).
import { SALUTATION_LABELS, SALUTATIONS } from '@espace/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/form/form-field';

type Registered = UseFormRegisterReturn & { error?: string | undefined };

export interface NameFieldsProps {
  salutation: Registered;
  firstName: Registered;
  lastName: Registered;
}

export function NameFields({ salutation, firstName, lastName }: NameFieldsProps) {
  return (
    <>
      <SelectField
        label="Civilité"
        placeholder="-- Choisir --"
        options={SALUTATIONS.map((value) => ({ value, label: SALUTATION_LABELS[value] }))}
        {...salutation}
      />
      <TextField label="Prénom" autoComplete="off" {...firstName} />
      <TextField label="Nom" autoComplete="off" {...lastName} />
    </>
  );
}
