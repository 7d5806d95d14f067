// After a submit that found errors, focus the first invalid control in page order, in the same
// commit that shows the errors: before the page is painted, so before the customer can see them
// and start typing somewhere. A passive effect (useEffect) ran after the paint, and could move the
// focus from the field the customer had already gone to.
// react-hook-form's own shouldFocusError follows registration order, which differs from the page
// when some fields are controlled components (the date fields), and focuses again on a timer, which
// a busy phone may run after the customer's first keys: by then the field being typed in may have
// become valid and the focus jumps to the next invalid one, mid-word. Forms turn it off and use
// this instead.
import { useLayoutEffect, useRef } from 'react';

/** The control to focus for an invalid element: itself, or a group's choice (else its first control). */
function controlOf(invalid: HTMLElement): HTMLElement | null {
  if (invalid.matches('input, select, textarea, button, [tabindex]')) return invalid;
  return (
    invalid.querySelector<HTMLElement>('input:checked') ??
    invalid.querySelector<HTMLElement>('input, select, textarea')
  );
}

export function useFocusFirstError(submitCount: number) {
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (submitCount === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) controlOf(invalid)?.focus();
  }, [submitCount]);
  return form;
}
