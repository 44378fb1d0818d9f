import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "ARK Tribe Dashboard" },
  { name: "description", content: "Vouches, tribelists, server stats and stock for our ARK: Survival Ascended tribe." },
];

export default function Landing() {
  return (
    <main className="center-page landing">
      <div className="card narrow">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h1>ARK Tribe Dashboard</h1>
        <p className="muted">
          Vouches, member codes, tribelists, live server stats and stock for our tribe on the official PvP servers 2411,
          2573 and 2446.
        </p>
        <Link className="button primary" to="/login">
          Login
        </Link>
        <p className="credits">
          Built and run by the tribe&apos;s staff. ARK: Survival Ascended is a trademark of Studio Wildcard; this site
          is not affiliated with it.
        </p>
      </div>
    </main>
  );
}
