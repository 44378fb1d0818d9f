import { Link, useLocation } from "@remix-run/react";

/** A read that failed: "Error loading …", why, and Retry (a link that reads this address again; a button where the page retries itself). */
export function ErrorBox({
  title,
  message,
  detail,
  onRetry,
}: {
  title: string;
  message: string;
  detail?: string | null;
  onRetry?: () => void;
}) {
  const location = useLocation();
  return (
    <div className="load-failed" role="alert" data-testid="load-failed">
      <strong>{title}</strong>
      <p>{message}</p>
      {detail ? <p className="muted small">{detail}</p> : null}
      {onRetry ? (
        <button type="button" className="button small" onClick={onRetry}>
          Retry
        </button>
      ) : (
        <Link className="button small" to={location.pathname + location.search} preventScrollReset>
          Retry
        </Link>
      )}
    </div>
  );
}
