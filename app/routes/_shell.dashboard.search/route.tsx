// Global search results. The top bar's box fetches this loader as you type; without JavaScript it is the results page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server";
import { searchEverything } from "./search.server";
import { SearchHitLabel } from "#app/components/shell/SearchHitLabel";
import { searchText } from "#contract/search";
import { json } from "#app/utils/json.server";
import { timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";

export const meta: MetaFunction = () => [{ title: "Search · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { access } = requireUser(request, context.auth);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  return json({ q, results: await searchEverything(context, q, timeZone, access) });
}

export default function SearchPage() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Search</h1>
      </div>
      <section className="card">
        <Form method="get" className="inline-form" role="search">
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search keyword here..."
            aria-label="Search keyword"
          />
          <button className="button" type="submit">
            Search
          </button>
        </Form>
        {q && results.length === 0 ? <p className="muted">No results for “{q}”.</p> : null}
        {results.length > 0 ? (
          <ul className="search-results">
            {results.map((r, i) => (
              <li key={i}>
                <Link to={r.href}>
                  <SearchHitLabel hit={r} />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
