import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../api/analyticsEndpoints';

/** The 30 / 90 days switch: two toggle buttons, the chosen one pressed. */
export function PeriodSwitch({ days, onChange }: { days: AnalyticsPeriod; onChange(days: AnalyticsPeriod): void }) {
  return (
    <div className="period-switch" role="group" aria-label="Period">
      {ANALYTICS_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          className="period-switch__choice"
          aria-pressed={period === days}
          onClick={() => onChange(period)}
        >
          {period} days
        </button>
      ))}
    </div>
  );
}
