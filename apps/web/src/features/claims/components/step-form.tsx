// One data step of the declaration: its fields, saved to the draft as the customer types
// (use-draft-autosave.ts, partial values) and confirmed on « Continuer », validated in the
// browser by the contract's step schema (the server checks the same), then the next step. The
// form opens with what was typed there, else the confirmed answers. A refused « Continuer »
// focuses the first invalid field (use-focus-first-error.ts). The server's `fields` reasons go
// under the fields; any other refusal is said above the button.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  claimStepSchema,
  type ClaimDataStep,
  type ClaimDraft,
  type ClaimStepAnswers,
  type Driver,
} from '@espace/contract';
import { useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { FieldError } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { ApiError } from '../../../lib/api-client';
import { useSaveClaimStep } from '../api/claim-drafts';
import {
  CircumstancesFields,
  DriverFields,
  InjuriesFields,
  KindFields,
  PartiesFields,
  TheftFields,
  VehicleFields,
  WhenFields,
} from './step-fields';
import { DraftStatus } from './draft-status';
import { Text } from './field-kit';
import { toAnswers, toFormValues, toTyped } from './step-values';
import { useDraftAutosave } from './use-draft-autosave';

interface Props {
  draft: ClaimDraft;
  step: ClaimDataStep;
  drivers: readonly Driver[];
  /** The contract's number when it has no glass cover (a broken-glass claim is told so). */
  uncoveredPolicy?: string | undefined;
  onSaved(draft: ClaimDraft): void;
}

export function StepForm({ draft, step, drivers, uncoveredPolicy, onSaved }: Props) {
  const kind = draft.answers.kind?.kind;
  const save = useSaveClaimStep(draft.id);
  const [error, setError] = useState('');
  // The step's schema for the claim's kind: a broken glass's « Circonstances » name the glass.
  const schemaResolver = zodResolver(claimStepSchema(step, kind) as never) as Resolver<FieldValues>;
  const resolver: Resolver<FieldValues> = (values, context, options) =>
    schemaResolver(toAnswers(step, values, kind) as FieldValues, context, options);
  const valuesOf = (of: ClaimDraft) =>
    toFormValues(step, (of.typed[step] ?? of.answers[step]) as ClaimStepAnswers[typeof step]);
  const form = useForm<FieldValues>({
    resolver,
    defaultValues: valuesOf(draft),
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(form.formState.submitCount);
  const autosave = useDraftAutosave({
    draft,
    step,
    form,
    typed: (values) => toTyped(step, values, kind),
    valuesOf,
  });
  const submit = form.handleSubmit(async () => {
    setError('');
    const answers = toAnswers(step, form.getValues(), kind);
    try {
      onSaved(await autosave.confirm((headers) => save.mutateAsync({ step, answers, headers })));
    } catch (e) {
      // Another tab or device changed the draft: DraftStatus offers the choice.
      if (e instanceof ApiError && e.status === 412) return;
      const fields =
        e instanceof ApiError && typeof e.body === 'object' ? e.body.error.fields : undefined;
      // The first of them gets the focus when the submit ends (useFocusFirstError).
      for (const [name, message] of Object.entries(fields ?? {})) {
        const field = name === 'driverId' ? 'choice' : name === 'glass' ? 'glass.pane' : name;
        form.setError(field, { message });
      }
      if (!fields)
        setError(e instanceof ApiError ? e.message : 'L’enregistrement a échoué, réessayez.');
    }
  });
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="claim-form">
      {step === 'kind' && <KindFields form={form} />}
      {step === 'when' && <WhenFields form={form} kind={kind} />}
      {step === 'circumstances' && (
        <CircumstancesFields form={form} kind={kind} uncoveredPolicy={uncoveredPolicy} />
      )}
      {step === 'parties' && <PartiesFields form={form} kind={kind} />}
      {step === 'injuries' && <InjuriesFields form={form} />}
      {step === 'theft' && <TheftFields form={form} />}
      {step === 'driver' && <DriverFields form={form} drivers={drivers} />}
      {step === 'vehicle' && <VehicleFields form={form} />}
      {step === 'constat' && (
        <Text
          form={form}
          name="eConstatReference"
          label="Référence de l’e-constat (si vous l’avez fait sur l’application)"
        />
      )}
      {error && <FieldError id="claim-step-error">{error}</FieldError>}
      <DraftStatus state={autosave.state} settle={autosave.settle} />
      <SubmitButton pending={save.isPending}>Continuer</SubmitButton>
    </form>
  );
}
