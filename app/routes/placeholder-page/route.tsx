// The dashboard's placeholder pages ("Router"): a title and nothing else yet. One route module for the
// seven paths (remix.config.js maps it at each; see pages.ts). Each asks for a signed-in user like every other page.
// /dashboard/settings is a title only: the real settings are at /settings, which it links to.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server";
import { PLACEHOLDER_PAGES, placeholderOfPath } from "./pages";

export const meta: MetaFunction = ({ location }) => {
  const page = placeholderOfPath(location.pathname);
  return [{ title: `${page ? PLACEHOLDER_PAGES[page] : "Not Found"} · ARK Tribe Dashboard` }];
};

export function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const page = placeholderOfPath(new URL(request.url).pathname);
  if (!page) throw new Response("Not Found", { status: 404 });
  return json({ page, title: PLACEHOLDER_PAGES[page] });
}

export default function PlaceholderPage() {
  const { page, title } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <section className="card" data-testid="placeholder" data-page={page}>
        <p className="muted">This page has no content yet.</p>
        {page === "settings" ? (
          <p>
            Your preferences, sessions and API tokens are on the <Link to="/settings">Settings</Link> page.
          </p>
        ) : null}
      </section>
    </>
  );
}
