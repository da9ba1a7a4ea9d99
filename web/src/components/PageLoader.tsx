import { BarLoader } from './BarLoader';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loader">
      <BarLoader label={label} />
    </div>
  );
}
