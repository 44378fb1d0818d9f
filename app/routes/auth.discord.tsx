// Starts sign-in: remix-auth answers with a redirect to Discord's authorize page (or the local stand-in's).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { authenticator } from "#app/auth/discord.server";
import { redirectToCookie } from "#app/auth/flow.server";
import { safeRedirect } from "#app/auth/redirect";
import { formOf } from "#app/utils/action.server";

async function start(request: Request, context: LoaderFunctionArgs["context"], redirectTo: unknown) {
  if (context.auth.status === "ok") throw redirect(safeRedirect(redirectTo));
  const { auth } = authenticator(request, context.config);
  try {
    await auth.authenticate("discord", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      // Remember where to land after Discord sends the user back; only paths on our origin are kept.
      thrown.headers.append("Set-Cookie", await redirectToCookie(request).serialize(safeRedirect(redirectTo)));
    }
    throw thrown;
  }
  throw redirect("/login?reason=failed");
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return start(request, context, new URL(request.url).searchParams.get("redirectTo"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formOf(request.clone());
  return start(request, context, form.get("redirectTo"));
}
