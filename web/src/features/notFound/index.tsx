import { Link } from 'wouter';

/** Any path the app has no page for. */
export function NotFoundPage() {
  return (
    <div className="page page--narrow">
      <div className="card empty-state">
        <h1 className="page__title">Nothing here yet</h1>
        <p className="muted">This page isn't part of dashwire yet.</p>
        <p>
          <Link to="/">Back to the dashboard</Link>
        </p>
      </div>
    </div>
  );
}
