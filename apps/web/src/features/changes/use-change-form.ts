// What the four change screens (docs/product/changes.md) set up alike, so a screen keeps only its
// own fields: the form validated by the contract's schema (zodResolver, built once per screen so
// "today" is the day it opened), focus on the first invalid field in page order, and the action
// lifecycle of a request to the broker: the analytics event, the banner with the request's
// reference and a link to 'Mes demandes', home on success; on failure the error banner and the
// server's field reasons under the fields named in `fields`.
import type { RequestReceipt, Policy } from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  FOLLOW_REQUEST_LINK,
  useActionLifecycle,
  type ActionLifecycle,
} from '../../components/action/use-action-lifecycle';
import { useFocusFirstError } from '../../components/form/use-focus-first-error';
import type { AnalyticsEvent } from '../../lib/analytics/tracking';
import { paths } from '../../lib/paths';
import type { PolicyChange } from './api/policy-change';

export interface ChangeFormOptions<TInput extends FieldValues, TOutput, TChange> {
  /** The policy the screen changes (ChangePage). */
  policy: Policy;
  /** Builds the form's schema; called once, when the screen opens. */
  schema: () => ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The change's mutation, from the feature's api/ folder. */
  mutation: UseMutationResult<RequestReceipt, Error, PolicyChange<TChange>>;
  banners: ActionLifecycle<RequestReceipt, PolicyChange<TChange>>['banners'];
  event: AnalyticsEvent;
  /** The form's fields that the server may refuse by name. */
  fields: readonly Path<TInput>[];
}

export function useChangeForm<TInput extends FieldValues, TOutput, TChange>({
  policy,
  schema,
  defaultValues,
  mutation,
  banners,
  event,
  fields,
}: ChangeFormOptions<TInput, TOutput, TChange>) {
  const [resolver] = useState(() => zodResolver(schema()));
  const form = useForm<TInput, unknown, TOutput>({
    shouldFocusError: false,
    resolver,
    defaultValues,
  });
  const formRef = useFocusFirstError(form.formState.submitCount);
  const action = useActionLifecycle(mutation, {
    successLink: FOLLOW_REQUEST_LINK,
    banners,
    event,
    successPath: paths.home,
    form: { setError: form.setError, fields },
  });
  /** Sends the change for the screen's policy; resolves with whether it succeeded. */
  const send = (change: TChange) => action.run({ policyNumber: policy.policyNumber, change });
  return { form, formRef, action, send };
}

export type ChangeFormState<TInput extends FieldValues, TOutput, TChange> = ReturnType<
  typeof useChangeForm<TInput, TOutput, TChange>
>;
