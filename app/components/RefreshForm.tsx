// The Refresh button of a page whose data a host job renews (a server's Manual Refresh, Weekly Members' Refresh Data).
// Without JavaScript a form post that comes back to this view with the toast; with it the fetcher's post, which says
// it is one (FETCHER_FIELD, answered with JSON) from the moment React attaches the submit handler, not a later render.
import { useLocation, type FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";
import { FETCHER_FIELD } from "#app/utils/action";
import { Icon, type IconName } from "./icons";

export function RefreshForm<T>({
  fetcher,
  action,
  busy = fetcher.state !== "idle",
  icon,
  texts,
  testId,
}: {
  fetcher: FetcherWithComponents<T>;
  action: string;
  /** By default while the fetcher works; a page that reloads after it says so. */
  busy?: boolean;
  icon: IconName;
  texts: { refresh: string; refreshing: string };
  testId: string;
}) {
  const location = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set(FETCHER_FIELD, "1");
    fetcher.submit(data, { method: "post", action, preventScrollReset: true });
  };
  return (
    <fetcher.Form method="post" action={action} className="refresh-form" onSubmit={submit}>
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="button small primary"
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        <Icon name={icon} size={14} /> {busy ? texts.refreshing : texts.refresh}
      </button>
    </fetcher.Form>
  );
}
