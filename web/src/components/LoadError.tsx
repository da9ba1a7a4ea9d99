/** A failed load with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?(): void }) {
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--quiet" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
