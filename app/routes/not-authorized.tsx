import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "#app/utils/hydrated";
import { json } from "#app/utils/json.server";

export const REDIRECT_SECONDS = 5;

export const meta: MetaFunction = () => [{ title: "Not authorized · ARK Tribe Dashboard" }];

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ contact: context.config.CONTACT_PERSON, redirectUrl: context.config.NOT_AUTHORIZED_REDIRECT_URL });
}

/**
 * The page leaves for the configured page after five seconds. Without JavaScript the browser does it (a refresh
 * inside <noscript>, which a browser running scripts ignores). With JavaScript a timer does it, and a person may stop it
 * (WCAG 2.2.1, timing adjustable); the link is always there to go when they are ready.
 */
export default function NotAuthorized() {
  const { contact, redirectUrl } = useLoaderData<typeof loader>();
  const [stopped, setStopped] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (stopped) return;
    const timer = window.setTimeout(() => window.location.assign(redirectUrl), REDIRECT_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [stopped, redirectUrl]);
  // The refresh sits outside <main>: without JavaScript the <noscript> is an element of the page, and inside the
  // centring grid it took a row of its own and pushed the card below the middle.
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${redirectUrl}`} />
      </noscript>
      <main className="center-page">
        <div className="card narrow">
          <h1>You are not authorized</h1>
          <p>
            Your Discord account is not a member of the tribe&apos;s server. If you think this is a mistake, contact{" "}
            <strong>{contact}</strong>.
          </p>
          <p className="muted" role="status">
            {stopped ? "Redirect stopped." : `Redirecting you in ${REDIRECT_SECONDS} seconds...`}
          </p>
          <p className="not-authorized-actions">
            <a className="button small" href={redirectUrl}>
              Continue now
            </a>
            {hydrated && !stopped ? (
              <button type="button" className="button small" onClick={() => setStopped(true)}>
                Stay on this page
              </button>
            ) : null}
          </p>
        </div>
      </main>
    </>
  );
}
