// Discord sends the user back here with a code. The real OAuth exchange runs; members get a session, others do not.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { authenticator, isMember } from "#app/auth/discord.server";
import { redirectToCookie } from "#app/auth/flow.server";
import { loginPath, safeRedirect } from "#app/auth/redirect";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, flowStorage } = authenticator(request, context.config);
  const cookie = redirectToCookie(request);
  const clear = [
    await cookie.serialize("", { maxAge: 0 }),
    await flowStorage.destroySession(await flowStorage.getSession()),
  ];
  let who;
  try {
    who = await auth.authenticate("discord", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("Discord sign-in failed:", error instanceof Error ? (error.cause ?? error.message) : error);
    return redirectWith(loginPath("failed"), clear);
  }
  if (!isMember(who, context.config)) return redirectWith("/not-authorized", clear);
  const sessionCookie = await context.services.sessions.create(request, context.cloudflare.env, context.config, who);
  const to = safeRedirect(await cookie.parse(request.headers.get("Cookie")));
  return redirectWith(to, [...clear, sessionCookie]);
}

function redirectWith(to: string, cookies: string[]) {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return redirect(to, { headers });
}

export default function Callback() {
  return (
    <main className="center-page">
      <p>Completing Login</p>
    </main>
  );
}
