// What a step's form holds (strings, as inputs give them) turned into the step's answers as the
// contract's schema reads them, and back. Radio buttons give 'true'/'false', checkboxes their
// values, empty optional groups mean « none ». `toTyped` keeps everything typed (the draft's
// typed values, contract typed.ts); `toFormValues` reads answers or typed values, even partial.
import type {
  ClaimDataStep,
  ClaimKind,
  ClaimStepAnswers,
  ClaimTypedAnswers,
} from '@espace/contract';

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

const isEmptyGroup = (value: unknown) =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/** What is not answered (a radio group left empty gives null, a group of them {}) is left out. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutEmpty(v)])
      .filter(([, v]) => !isEmptyGroup(v)),
  );
}

const filled = (group: unknown) =>
  Object.values((group ?? {}) as object).some((v) => typeof v === 'string' && v !== '');

/** Everything typed on the step, partial, as the draft keeps it (contract typed schemas). */
export function toTyped(step: ClaimDataStep, values: FormValues, kind?: ClaimKind): unknown {
  if (step === 'parties') {
    // A witness's phone alone, or a third party's insurer alone, is kept too.
    return withoutEmpty({
      thirdParty: filled(values.thirdParty) ? values.thirdParty : null,
      witnesses: filled(values.witness) ? [values.witness] : [],
    });
  }
  return withoutEmpty(toAnswers(step, values, kind));
}

const yesNo = (value: unknown) => (typeof value === 'boolean' ? String(value) : undefined);

export function toFormValues<S extends ClaimDataStep>(
  step: S,
  answers: ClaimStepAnswers[S] | ClaimTypedAnswers[S] | undefined,
): FormValues {
  if (!answers) return {};
  const values = answers as FormValues;
  switch (step) {
    case 'injuries':
      return { injuries: yesNo(values.injuries) };
    case 'vehicle':
      return { ...values, drivable: yesNo(values.drivable) };
    case 'circumstances':
      return { ...values, boxes: ((values.boxes as number[] | undefined) ?? []).map(String) };
    case 'parties':
      return {
        thirdParty: values.thirdParty ?? {},
        witness: (values.witnesses as unknown[] | undefined)?.[0] ?? {},
      };
    case 'driver':
      if (values.driver === 'policy') return { choice: values.driverId };
      return values.driver === 'other' ? { ...values, choice: 'other' } : values;
    default:
      return values;
  }
}
