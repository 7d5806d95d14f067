// What a step's form holds (strings, as inputs give them) turned into the step's answers as the
// contract's schema reads them, and back. Radio buttons give 'true'/'false', checkboxes their
// values, empty optional groups mean « none ».
import type { ClaimDataStep, ClaimKind, ClaimStepAnswers } from '@espace/contract';

type FormValues = Record<string, unknown>;

const bool = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function toAnswers(step: ClaimDataStep, values: FormValues, kind?: ClaimKind): unknown {
  switch (step) {
    case 'injuries':
      return { injuries: bool(values.injuries) };
    case 'vehicle':
      return { ...values, drivable: bool(values.drivable) };
    case 'circumstances': {
      const boxes = Array.isArray(values.boxes) ? values.boxes : [];
      return { ...values, boxes: boxes.map(Number) };
    }
    case 'when': {
      const learntOn = text(values.learntOn);
      const order = text(values.naturalDisasterOrderOn);
      const { learntOn: _l, naturalDisasterOrderOn: _n, ...rest } = values;
      return {
        ...rest,
        ...(learntOn ? { learntOn } : {}),
        ...(order ? { naturalDisasterOrderOn: order } : {}),
      };
    }
    case 'parties': {
      const third = (values.thirdParty ?? {}) as Record<string, string>;
      const empty = Object.values(third).every((v) => !v?.trim());
      const witness = (values.witness ?? {}) as Record<string, string>;
      return {
        thirdParty: empty && kind !== 'accident_third_party' ? null : third,
        witnesses: witness.name?.trim() ? [witness] : [],
      };
    }
    case 'driver': {
      const { choice, ...other } = values;
      if (choice === 'other') return { driver: 'other', ...other };
      return choice ? { driver: 'policy', driverId: choice } : {};
    }
    default:
      return values;
  }
}

export function toFormValues<S extends ClaimDataStep>(
  step: S,
  answers: ClaimStepAnswers[S] | undefined,
): FormValues {
  if (!answers) return {};
  const values = answers as FormValues;
  switch (step) {
    case 'injuries':
      return { injuries: String(values.injuries) };
    case 'vehicle':
      return { ...values, drivable: String(values.drivable) };
    case 'circumstances':
      return { ...values, boxes: (values.boxes as number[]).map(String) };
    case 'parties':
      return {
        thirdParty: values.thirdParty ?? {},
        witness: (values.witnesses as unknown[])[0] ?? {},
      };
    case 'driver':
      return values.driver === 'policy'
        ? { choice: values.driverId }
        : { ...values, choice: 'other' };
    default:
      return values;
  }
}
