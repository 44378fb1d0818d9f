import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Sign out · ARK Tribe Dashboard" }];

/** Signing out deletes the session row, whatever else happens, and lands on the landing page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const sessionId = context.auth.status === "ok" ? context.auth.sessionId : undefined;
  const setCookie = await context.services.sessions.destroy(request, context.cloudflare.env, context.config, sessionId);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.auth.status !== "ok") throw redirect("/");
  return null;
}

/** A GET (a typed address or an old link) asks first: signing out changes state, so it takes a POST. */
export default function SignOut() {
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>Sign out?</h1>
        <Form method="post">
          <button className="button primary" type="submit">
            Sign Out
          </button>
        </Form>
      </div>
    </main>
  );
}
