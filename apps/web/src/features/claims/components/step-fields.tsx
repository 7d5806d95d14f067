// The fields of each step of the declaration (docs/product/claims.md), phone first: one
// question group per screen, native date and time inputs, the constat's boxes as checkboxes.
import {
  CLAIM_KEYS_LABELS,
  CLAIM_KEYS_WHEREABOUTS,
  CLAIM_KIND_LABELS,
  CLAIM_DESCRIPTION_MAX,
  CLAIM_KINDS,
  CLAIM_MESSAGES,
  CONSTAT_CIRCUMSTANCES,
  type ClaimKind,
  type Driver,
} from '@espace/contract';
import { Choice, errorOf, Text, YES_NO, type StepForm } from './field-kit';
import { FieldError } from '../../../components/form/form-field';
import { GlassFields } from './glass-fields';
import { InjuriesAdvice } from './injuries-advice';
import { PlaceField } from './place-field';

export function KindFields({ form }: { form: StepForm }) {
  const options = CLAIM_KINDS.map((kind) => ({ value: kind, label: CLAIM_KIND_LABELS[kind] }));
  return <Choice form={form} name="kind" legend={'Que s’est-il passé\u00a0?'} options={options} />;
}

export function WhenFields({ form, kind }: { form: StepForm; kind: ClaimKind | undefined }) {
  return (
    <>
      <Text form={form} name="occurredOn" label="Date du sinistre" type="date" />
      <Text form={form} name="occurredAt" label="Heure (environ)" type="time" />
      <Text
        form={form}
        name="learntOn"
        label="Date à laquelle vous l’avez constaté, si elle est plus tardive (facultatif)"
        type="date"
      />
      <PlaceField form={form} />
      {kind === 'natural_event' && (
        <Text
          form={form}
          name="naturalDisasterOrderOn"
          label="Date de publication de l’arrêté de catastrophe naturelle, s’il est paru (facultatif)"
          type="date"
        />
      )}
    </>
  );
}

export function CircumstancesFields({
  form,
  kind,
  uncoveredPolicy,
}: {
  form: StepForm;
  kind: ClaimKind | undefined;
  /** The contract's number when it has no glass cover. */
  uncoveredPolicy: string | undefined;
}) {
  const boxesError = errorOf(form, 'boxes');
  return (
    <>
      {kind === 'broken_glass' && <GlassFields form={form} uncoveredPolicy={uncoveredPolicy} />}
      {kind === 'accident_third_party' && (
        <fieldset
          className="claim-boxes"
          aria-describedby={boxesError ? 'claim-boxes-error' : undefined}
          aria-invalid={boxesError ? true : undefined}
        >
          <legend>Cases cochées pour votre véhicule (A) sur le constat</legend>
          {CONSTAT_CIRCUMSTANCES.map((label, index) => (
            <label key={label} className="claim-choice__option">
              <input type="checkbox" value={String(index + 1)} {...form.register('boxes')} />
              <span>
                {index + 1}. {label}
              </span>
            </label>
          ))}
          {boxesError && <FieldError id="claim-boxes-error">{boxesError}</FieldError>}
        </fieldset>
      )}
      <div className="form-field">
        <label htmlFor="claim-description">Décrivez ce qui s’est passé</label>
        <textarea
          id="claim-description"
          className="input"
          rows={6}
          maxLength={CLAIM_DESCRIPTION_MAX}
          aria-invalid={errorOf(form, 'description') ? true : undefined}
          aria-describedby={errorOf(form, 'description') ? 'claim-description-error' : undefined}
          {...form.register('description')}
        />
        {errorOf(form, 'description') && (
          <FieldError id="claim-description-error">{errorOf(form, 'description')}</FieldError>
        )}
      </div>
    </>
  );
}

export function PartiesFields({ form, kind }: { form: StepForm; kind: ClaimKind | undefined }) {
  return (
    <>
      <fieldset className="claim-group">
        <legend>
          {kind === 'accident_third_party' ? 'Le tiers' : 'Un tiers est en cause (facultatif)'}
        </legend>
        <Text form={form} name="thirdParty.name" label="Nom et prénom" autoComplete="off" />
        <Text form={form} name="thirdParty.plate" label="Immatriculation" autoComplete="off" />
        <Text form={form} name="thirdParty.insurer" label="Assureur (facultatif)" />
        <Text form={form} name="thirdParty.contractNumber" label="N° de contrat (facultatif)" />
      </fieldset>
      <fieldset className="claim-group">
        <legend>Un témoin (facultatif)</legend>
        <Text form={form} name="witness.name" label="Nom et prénom du témoin" />
        <Text
          form={form}
          name="witness.phone"
          label="Téléphone du témoin"
          type="tel"
          inputMode="tel"
        />
      </fieldset>
    </>
  );
}

export function InjuriesFields({ form }: { form: StepForm }) {
  const injured = form.watch('injuries') === 'true';
  return (
    <>
      <Choice
        form={form}
        name="injuries"
        legend={'Quelqu’un a-t-il été blessé\u00a0?'}
        options={YES_NO}
      />
      <div aria-live="assertive">{injured && <InjuriesAdvice />}</div>
    </>
  );
}

export function TheftFields({ form }: { form: StepForm }) {
  const keys = CLAIM_KEYS_WHEREABOUTS.map((k) => ({ value: k, label: CLAIM_KEYS_LABELS[k] }));
  return (
    <>
      <Text form={form} name="complaintFiledOn" label="Date du dépôt de plainte" type="date" />
      <Text form={form} name="policeStation" label="Commissariat ou gendarmerie" />
      <Text form={form} name="complaintReference" label="N° du procès-verbal" />
      <Choice
        form={form}
        name="keys"
        legend={'Où sont les clés du véhicule\u00a0?'}
        options={keys}
      />
      <Text form={form} name="keysDetail" label="Précisions sur les clés (facultatif)" />
    </>
  );
}

export function DriverFields({ form, drivers }: { form: StepForm; drivers: readonly Driver[] }) {
  const choice = form.watch('choice') as string | undefined;
  const options = [
    ...drivers.map((d) => ({ value: d.id, label: `${d.firstName} ${d.lastName}` })),
    { value: 'other', label: 'Une autre personne' },
  ];
  return (
    <>
      <Choice form={form} name="choice" legend={'Qui conduisait\u00a0?'} options={options} />
      {errorOf(form, 'driver') && (
        <FieldError id="claim-driver-error">{CLAIM_MESSAGES.required.driver}</FieldError>
      )}
      {choice === 'other' && (
        <fieldset className="claim-group">
          <legend>Le conducteur</legend>
          <Text form={form} name="firstName" label="Prénom" autoComplete="off" />
          <Text form={form} name="lastName" label="Nom" autoComplete="off" />
          <Text
            form={form}
            name="phone"
            label="Téléphone (facultatif)"
            type="tel"
            inputMode="tel"
          />
          <Text form={form} name="licenceNumber" label="N° de permis (facultatif)" />
        </fieldset>
      )}
    </>
  );
}

export function VehicleFields({ form }: { form: StepForm }) {
  return (
    <>
      <Choice
        form={form}
        name="drivable"
        legend={'Le véhicule peut-il rouler\u00a0?'}
        options={YES_NO}
      />
      <Text form={form} name="location" label={'Où se trouve le véhicule\u00a0?'} />
    </>
  );
}
