/** A small bar chart of daily counts, oldest first (activity_data.sparkline). */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const width = 4 * values.length;
  return (
    <svg className="sparkline" viewBox={`0 0 ${width} 32`} width={width * 2} height={48} role="img" aria-label={label}>
      {values.map((v, i) => {
        const h = Math.max(1, Math.round((v / max) * 30));
        // Each day's count shows on hover.
        return (
          <rect key={i} x={i * 4} y={32 - h} width={3} height={h} rx={1}>
            <title>{v}</title>
          </rect>
        );
      })}
    </svg>
  );
}
