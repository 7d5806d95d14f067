// A refused submit puts the focus on the first invalid control in page order, in the commit that
// shows the errors: anything that runs after that commit (the paint, the customer's next key,
// the page's effects) finds the focus already there.
import { zodResolver } from '@hookform/resolvers/zod';
import { act, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { eachTestMounted } from '../../testing/mounted';
import { useFocusFirstError } from './use-focus-first-error';

const schema = z.object({
  name: z.string().min(1, 'Le nom est obligatoire'),
  kind: z.enum(['a', 'b'], { error: 'Choisissez' }),
});
type Values = z.input<typeof schema>;

/** Where the focus was when an effect first saw errors on screen. */
let seen: Element | null | undefined;

/** An effect of the form's content: React runs it after the commit that shows the errors. */
function AfterCommit({ errors }: { errors: number }) {
  useEffect(() => {
    if (errors > 0 && seen === undefined) seen = document.activeElement;
  }, [errors]);
  return null;
}

function Form({ kindFirst = false }: { kindFirst?: boolean }) {
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
    shouldFocusError: false,
  });
  const form = useFocusFirstError(formState.submitCount);
  const { errors } = formState;
  const name = (
    <input
      key="name"
      aria-label="Nom"
      aria-invalid={errors.name ? true : undefined}
      {...register('name')}
    />
  );
  const kind = (
    <fieldset key="kind" aria-invalid={errors.kind ? true : undefined}>
      <legend>Type</legend>
      <input type="radio" aria-label="A" value="a" {...register('kind')} />
      <input type="radio" aria-label="B" value="b" {...register('kind')} />
    </fieldset>
  );
  return (
    <form ref={form} onSubmit={(event) => void handleSubmit(() => undefined)(event)} noValidate>
      {kindFirst ? [kind, name] : [name, kind]}
      <AfterCommit errors={Object.keys(errors).length} />
      <button type="submit">Continuer</button>
    </form>
  );
}

const view = eachTestMounted();
beforeEach(() => {
  seen = undefined;
});

const byLabel = (label: string) =>
  view.container.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;
async function submit() {
  await act(async () => view.container.querySelector('button')!.click());
  await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

it('has the focus on the first invalid field when the errors show, before anything else runs', async () => {
  act(() => view.root.render(<Form />));
  await submit();
  expect(byLabel('Nom').getAttribute('aria-invalid')).toBe('true');
  expect(seen).toBe(byLabel('Nom'));
  expect(document.activeElement).toBe(byLabel('Nom'));
});

it('focuses a group’s first choice when the group comes first on the page', async () => {
  act(() => view.root.render(<Form kindFirst />));
  await submit();
  expect(seen).toBe(byLabel('A'));
  expect(document.activeElement).toBe(byLabel('A'));
});

it('moves nothing when nothing is refused', async () => {
  act(() => view.root.render(<Form kindFirst />));
  await act(async () => byLabel('B').click());
  await act(async () => {
    const name = byLabel('Nom') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, 'x');
    name.dispatchEvent(new Event('input', { bubbles: true }));
  });
  byLabel('A').focus();
  await submit();
  expect(document.activeElement).toBe(byLabel('A'));
});
