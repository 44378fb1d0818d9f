// The frame of the public legal pages (Privacy Policy, Terms of Service): linked from the dashboard's footer and the
// sign-in note, readable signed in or not, naming the configured contact person.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

export type LegalData = { contact: string; signedIn: boolean };

export const legalData = (context: AppLoadContext): LegalData => ({
  contact: context.config.CONTACT_PERSON,
  signedIn: context.auth.status === "ok",
});

export function LegalPage({ title, children }: { title: string; children: (contact: string) => ReactNode }) {
  const { contact, signedIn } = useLoaderData<LegalData>();
  return (
    <main className="legal-page">
      <article className="card legal">
        <p className="legal-back">
          <Link to={signedIn ? "/dashboard" : "/"}>← Back to the {signedIn ? "dashboard" : "start page"}</Link>
        </p>
        <h1>{title}</h1>
        {children(contact)}
      </article>
    </main>
  );
}
