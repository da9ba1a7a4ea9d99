// The error bar (spec 001 §8): every message of a failed save's errors map, joined with line
// breaks. React escapes each message; the breaks are elements, never markup from the server.
import { Fragment } from 'react';

export function ErrorBar({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="composer-error-bar" role="alert">
      {errors.map((message, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {message}
        </Fragment>
      ))}
    </div>
  );
}
