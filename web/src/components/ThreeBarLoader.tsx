/**
 * The three-bar loader (spec 002 §2 Loaders): three bars that swell in turn, for a small place
 * (a button, a row) where the bar loader's row would not fit. It moves by CSS alone.
 */
export function ThreeBarLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="three-bar-loader" role="progressbar" aria-label={label} aria-busy="true">
      <span className="three-bar-loader__bar" />
      <span className="three-bar-loader__bar" />
      <span className="three-bar-loader__bar" />
    </span>
  );
}
