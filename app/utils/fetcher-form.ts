// A fetcher's form that says it is one (FETCHER_FIELD) from the moment React attaches its submit handler, not from a
// render after hydration: a click just after the page comes alive is still answered as a fetcher's, with JSON.
import type { FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";
import { FETCHER_FIELD } from "./action";

/** The onSubmit of `fetcher.Form`: posts the form's fields and FETCHER_FIELD to `action` through the fetcher. */
export function submitAsFetcher<T>(fetcher: FetcherWithComponents<T>, action: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set(FETCHER_FIELD, "1");
    fetcher.submit(data, { method: "post", action, preventScrollReset: true });
  };
}
