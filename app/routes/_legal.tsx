// The frame of the public legal pages (Privacy Policy, Terms of Service): linked from the dashboard's footer and the
// sign-in note, readable signed in or not. A page names the configured contact person, which it gets from here.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import styles from "#app/styles/dashboard.css?url";
import { json } from "#app/utils/json.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const loader = ({ context }: LoaderFunctionArgs) =>
  json({ contact: context.config.CONTACT_PERSON, signedIn: context.auth.status === "ok" });

export default function LegalPage() {
  const { contact, signedIn } = useLoaderData<typeof loader>();
  return (
    <main className="legal-page">
      <article className="card legal">
        <p className="legal-back">
          <Link to={signedIn ? "/dashboard" : "/"}>← Back to the {signedIn ? "dashboard" : "start page"}</Link>
        </p>
        <Outlet context={contact} />
      </article>
    </main>
  );
}
