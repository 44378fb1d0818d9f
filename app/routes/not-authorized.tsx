import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

export const REDIRECT_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Not authorized · ARK Tribe Dashboard" },
  // Works without JavaScript: the browser itself leaves after five seconds.
  data ? { httpEquiv: "refresh", content: `${REDIRECT_SECONDS};url=${data.redirectUrl}` } : {},
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { contact: context.config.CONTACT_PERSON, redirectUrl: context.config.NOT_AUTHORIZED_REDIRECT_URL };
}

export default function NotAuthorized() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>You are not authorized</h1>
        <p>
          Your Discord account is not a member of the tribe&apos;s server. If you think this is a mistake, contact{" "}
          <strong>{contact}</strong>.
        </p>
        <p className="muted">Redirecting you in 5 seconds...</p>
      </div>
    </main>
  );
}
