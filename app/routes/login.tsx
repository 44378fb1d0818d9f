import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { isLoginReason, LOGIN_REASONS, safeRedirect } from "#app/auth/redirect";
import { json } from "#app/utils/json.server";

export const meta: MetaFunction = () => [{ title: "Sign in · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.auth.status === "ok") throw redirect(redirectTo);
  const reason = url.searchParams.get("reason");
  return json({ redirectTo, reason: isLoginReason(reason) ? LOGIN_REASONS[reason] : null });
}

export default function Login() {
  const { redirectTo, reason } = useLoaderData<typeof loader>();
  // The form submits as a whole document (the answer is a redirect to Discord), so the pending state is our own.
  const [redirecting, setRedirecting] = useState(false);
  return (
    <main className="center-page">
      <div className="card narrow">
        <img src="/favicon.svg" alt="" width={48} height={48} />
        <h1>Sign in</h1>
        <p className="muted">Use the Discord account you have in the tribe&apos;s server.</p>
        {reason ? (
          <p className="notice" role="alert">
            {reason}
          </p>
        ) : null}
        <Form method="post" action="/auth/discord" reloadDocument onSubmit={() => setRedirecting(true)}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button className="button discord" type="submit" aria-busy={redirecting}>
            {redirecting ? "Redirecting..." : "Continue with Discord"}
          </button>
        </Form>
        {redirecting ? (
          <p className="fine-print">
            By continuing, you agree to our Terms of Service and acknowledge our Privacy Policy.
          </p>
        ) : null}
      </div>
    </main>
  );
}
