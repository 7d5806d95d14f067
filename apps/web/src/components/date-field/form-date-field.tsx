// The date field bound to a react-hook-form field: its value, its error and its ref (so the
// first invalid field gets focus on submit, whichever kind it is).
import {
  useController,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { DateField } from './date-field';

export type FormDateFieldProps<
  T extends FieldValues,
  N extends FieldPath<T>,
  O,
> = UseControllerProps<T, N, O> & {
  label: string;
  min?: string | undefined;
  max?: string | undefined;
  autoComplete?: string;
};

export function FormDateField<T extends FieldValues, N extends FieldPath<T>, O>(
  props: FormDateFieldProps<T, N, O>,
) {
  const { label, min, max, autoComplete, ...controller } = props;
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController(controller);
  return (
    <DateField
      label={label}
      name={name}
      value={value as string | undefined}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={error?.message}
      min={min}
      max={max}
      {...(autoComplete ? { autoComplete } : {})}
    />
  );
}
