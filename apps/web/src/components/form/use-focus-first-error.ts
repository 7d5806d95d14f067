// After a submit that found errors, focus the first invalid control in page order.
// react-hook-form's own shouldFocusError follows registration order, which differs
// from the page when some fields are controlled components (the date fields), so forms turn it
// off and use this instead.
import { useEffect, useRef } from 'react';

export function useFocusFirstError(submitCount: number) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (submitCount === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return form;
}
