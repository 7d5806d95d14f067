// The place of the event: typed, or the phone's position when the customer asks for it (the
// browser asks their consent); the coordinates are kept with a readable label.
import { useState } from 'react';
import { Text, type StepForm } from './field-kit';

export function PlaceField({ form }: { form: StepForm }) {
  const [status, setStatus] = useState('');
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus('Votre appareil ne donne pas sa position\u00a0: saisissez le lieu.');
      return;
    }
    setStatus('Recherche de votre position…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const latitude = Number(coords.latitude.toFixed(5));
        const longitude = Number(coords.longitude.toFixed(5));
        form.setValue('place.latitude', latitude);
        form.setValue('place.longitude', longitude);
        if (!String(form.getValues('place.label') ?? '').trim()) {
          form.setValue('place.label', `Position GPS ${latitude}, ${longitude}`);
        }
        setStatus('Position ajoutée.');
      },
      () => setStatus('Position indisponible\u00a0: saisissez le lieu.'),
    );
  };
  return (
    <div className="claim-place">
      <Text
        form={form}
        name="place.label"
        label="Lieu (adresse, route, ville)"
        autoComplete="off"
      />
      <button type="button" className="button button--secondary" onClick={locate}>
        Utiliser ma position
      </button>
      <p role="status" className="claim-place__status">
        {status}
      </p>
    </div>
  );
}
