// What the customer asked: the French lines the customer's own detail shows when the API gives
// them, else the request's payload as the integration API sends it.
const text = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function RequestAnswers({
  answers,
  payload,
}: {
  answers?: { label: string; value: string }[] | undefined;
  payload: Record<string, unknown>;
}) {
  const lines =
    answers ?? Object.entries(payload).map(([label, value]) => ({ label, value: text(value) }));
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">Ce que le client a demandé</h2>
      {lines.length ? (
        <dl className="details">
          {lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">Aucun détail.</p>
      )}
    </section>
  );
}
