import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/session.server";
import { LiveStatusBadge } from "../realtime/live";
import { displayNameOf } from "../utils/user";

export const meta: MetaFunction = () => [{ title: "Dashboard · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireUser(request, context.auth);
  return { name: displayNameOf(user) };
}

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Dashboard</h1>
        <LiveStatusBadge />
      </div>
      <section className="card">
        <h2>Welcome back, {name}</h2>
        <p className="muted">
          You are signed in to the tribe&apos;s dashboard. Vouches, codes, tribelists, server stats and stock arrive
          here section by section; the sidebar lists what is ready.
        </p>
      </section>
    </>
  );
}
