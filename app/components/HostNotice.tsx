// What a page says when its data did not come fresh from the host: the host's last good answer is shown (and as of
// when), or nothing could be read at all.
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "#app/utils/dates";

/** The page shows the host's last good answer: the host is down or slower than HOST_TIMEOUT_MS. */
export function StaleNotice({ children, testId, small }: { children: ReactNode; testId?: string; small?: boolean }) {
  return (
    <p className={small ? "notice small" : "notice"} role="status" data-testid={testId}>
      The host is not answering: {children}
    </p>
  );
}

/** The shown data is the host's last good answer, fetched at `asOf` (nothing when it is fresh). */
export function StaleSince({ asOf, what }: { asOf: number | null | undefined; what: string }) {
  if (!asOf) return null;
  return (
    <StaleNotice small>
      showing {what} as of {formatDate(asOf, "numericDateTime", "UTC")} UTC.
    </StaleNotice>
  );
}

/** The page's data could not be read at all: why, and a Retry link that reads this page again. */
export function LoadError({ message }: { message: string | null | undefined }) {
  const location = useLocation();
  if (!message) return null;
  return (
    <div className="notice error-notice" role="alert">
      <p>{message}</p>
      <Link className="button small" to={location.pathname + location.search} preventScrollReset>
        Retry
      </Link>
    </div>
  );
}
