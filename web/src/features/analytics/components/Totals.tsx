import { formatCount } from '../../../lib/format';

/** The period's totals, figure by figure. */
export function Totals({ totals }: { totals: { label: string; value: number }[] }) {
  return (
    <dl className="card analytics-totals" aria-label="Totals">
      {totals.map((t) => (
        <div key={t.label} className="analytics-totals__item">
          <dt className="muted">{t.label}</dt>
          <dd>{formatCount(t.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
