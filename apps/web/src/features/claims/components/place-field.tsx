// The place of the event (docs/product/claims.md, step 2): picked in the address search (the one
// of /changeAddress, GET /api/v1/address/search), typed freely (a road, an exit, a car park), or
// the phone's position. The position is asked for only when the customer presses « Utiliser ma
// position » (the browser then asks their consent), is kept rounded to about 11 m (contract
// roundCoordinate) and can be removed; refused or unavailable, a French message says so and the
// place is still typed or searched. `place.source` records which way the place was given.
import {
  CLAIM_TEXT_MAX,
  formatCoordinates,
  roundCoordinate,
  type AddressSuggestion,
} from '@espace/contract';
import { useState } from 'react';
import { useAddressSearch, useAddressSearchMode } from '../../../api/search-addresses';
import { AddressSearch } from '../../../components/address-search/address-search';
import { FieldError, TextField } from '../../../components/form/form-field';
import { errorOf, type StepForm } from './field-kit';

const PLACE_TEXTS = {
  legend: 'Lieu du sinistre',
  searchHint:
    'Saisissez au moins 2 caractères, puis choisissez une adresse dans la liste (flèches puis Entrée)\u00a0: elle remplit le champ «\u00a0Lieu\u00a0».',
  label: 'Lieu (adresse, route, ville)',
  labelHint: 'Ou décrivez-le vous-même\u00a0: route, sortie, parking…',
  positionHelp:
    'Vous êtes sur place\u00a0? Votre téléphone peut donner sa position. Elle n’est demandée que si vous appuyez sur le bouton, votre navigateur vous demande votre accord, et elle est enregistrée arrondie à une dizaine de mètres avec votre déclaration.',
  locate: 'Utiliser ma position',
  locating: 'Recherche de votre position…',
  located: 'Position ajoutée à votre déclaration.',
  saved: (position: string) => `Position enregistrée\u00a0: ${position}`,
  remove: 'Retirer la position',
  removed: 'Position retirée.',
  unsupported:
    'Votre appareil ne donne pas sa position\u00a0: cherchez l’adresse ou saisissez le lieu.',
  denied:
    'Vous n’avez pas autorisé l’accès à votre position\u00a0: cherchez l’adresse ou saisissez le lieu.',
  unavailable:
    'Votre position n’a pas pu être trouvée\u00a0: cherchez l’adresse ou saisissez le lieu.',
  label_of: (position: string) => `Position du téléphone (${position})`,
} as const;

export function PlaceField({ form }: { form: StepForm }) {
  const [status, setStatus] = useState('');
  const { streets } = useAddressSearchMode();
  const latitude = form.watch('place.latitude') as number | undefined;
  const longitude = form.watch('place.longitude') as number | undefined;
  const hasPosition = typeof latitude === 'number' && typeof longitude === 'number';
  const set = (name: string, value: unknown) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const onPick = (suggestion: AddressSuggestion) => {
    set('place.label', suggestion.label);
    set('place.source', 'search');
    set('place.latitude', undefined);
    set('place.longitude', undefined);
    setStatus('');
  };
  const removePosition = () => {
    set('place.latitude', undefined);
    set('place.longitude', undefined);
    set('place.source', 'typed');
    setStatus(PLACE_TEXTS.removed);
  };
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus(PLACE_TEXTS.unsupported);
      return;
    }
    setStatus(PLACE_TEXTS.locating);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const lat = roundCoordinate(coords.latitude);
        const long = roundCoordinate(coords.longitude);
        set('place.latitude', lat);
        set('place.longitude', long);
        set('place.source', 'position');
        if (!String(form.getValues('place.label') ?? '').trim()) {
          set('place.label', PLACE_TEXTS.label_of(formatCoordinates(lat, long)));
        }
        setStatus(PLACE_TEXTS.located);
      },
      (error) =>
        setStatus(
          error.code === error.PERMISSION_DENIED ? PLACE_TEXTS.denied : PLACE_TEXTS.unavailable,
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  const positionError = errorOf(form, 'place.latitude');
  const label = form.register('place.label', {
    // A place typed over a picked address is the customer's own words.
    onChange: () => {
      if (!hasPosition) form.setValue('place.source', 'typed');
    },
  });

  return (
    <fieldset className="claim-place">
      <legend>{PLACE_TEXTS.legend}</legend>
      <AddressSearch
        onPick={onPick}
        streets={streets}
        hint={PLACE_TEXTS.searchHint}
        useSuggestions={useAddressSearch}
      />
      <TextField
        id="claim-place-label"
        label={PLACE_TEXTS.label}
        hint={PLACE_TEXTS.labelHint}
        className="input"
        autoComplete="off"
        maxLength={CLAIM_TEXT_MAX.place}
        error={errorOf(form, 'place.label')}
        {...label}
      />
      <div className="claim-place__position">
        <p id="claim-place-help" className="claim-place__help">
          {PLACE_TEXTS.positionHelp}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby="claim-place-help"
          onClick={locate}
        >
          {PLACE_TEXTS.locate}
        </button>
        {hasPosition && (
          <div className="claim-place__saved">
            <p>{PLACE_TEXTS.saved(formatCoordinates(latitude, longitude))}</p>
            <button type="button" className="button button--secondary" onClick={removePosition}>
              {PLACE_TEXTS.remove}
            </button>
          </div>
        )}
        {positionError && <FieldError id="claim-place-position-error">{positionError}</FieldError>}
        <p role="status" className="claim-place__status">
          {status}
        </p>
      </div>
    </fieldset>
  );
}
