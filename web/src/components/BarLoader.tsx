import { useEffect, useState } from 'react';

/** Spec 002 §9 Loaders: the bar loader advances every 300 ms. */
export const BAR_LOADER_STEP_MS = 300;
const BAR_COUNT = 5;

/** A row of bars, one lit at a time, moving on every 300 ms. */
export function BarLoader({ label = 'Loading' }: { label?: string }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => (s + 1) % BAR_COUNT), BAR_LOADER_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="bar-loader" role="progressbar" aria-label={label} aria-busy="true">
      {Array.from({ length: BAR_COUNT }, (_, i) => (
        <span key={i} className={i === step ? 'bar-loader__bar is-lit' : 'bar-loader__bar'} />
      ))}
    </div>
  );
}
