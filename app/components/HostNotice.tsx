// What a page says when its data did not come fresh from the host: the host's last good answer is shown (and as of
// when), or nothing could be read at all.
import type { ReactNode } from "react";

/** The page shows the host's last good answer: the host is down or slower than HOST_TIMEOUT_MS. */
export function StaleNotice({ children, testId, small }: { children: ReactNode; testId?: string; small?: boolean }) {
  return (
    <p className={small ? "notice small" : "notice"} role="status" data-testid={testId}>
      The host is not answering: {children}
    </p>
  );
}

/** The page's data could not be read at all. */
export function LoadError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="notice error-notice" role="alert">
      {message}
    </p>
  );
}
