// The Terms of Service (public), in the legal pages' frame (_legal.tsx).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useOutletContext } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Terms of Service · ARK Tribe Dashboard" }];

export default function Terms() {
  const contact = useOutletContext<string>(); // the frame (_legal.tsx) passes the contact person
  return (
    <>
      <h1>Terms of Service</h1>
      <p className="muted">
        The ARK Tribe Dashboard is the tribe&apos;s own tool. By signing in you agree to use it on these terms.
      </p>

      <h2>Who may use it</h2>
      <p>
        Members of the tribe&apos;s Discord server, signing in with their own Discord account. Access ends when you
        leave that server or when the tribe&apos;s staff remove it.
      </p>

      <h2>How to use it</h2>
      <ul>
        <li>Use it for the tribe&apos;s business only: vouches, member codes, tribelists, stock and server stats.</li>
        <li>
          Keep what you see here inside the tribe. Member codes, tribelists and logs are not to be shared with other
          tribes or posted publicly.
        </li>
        <li>Record things truthfully. Every change is logged with your name and the time.</li>
        <li>Do not try to get around sign-in, or to read or change data you were not meant to.</li>
        <li>Keep API tokens secret; you answer for what is done with tokens you create.</li>
      </ul>

      <h2>No guarantees</h2>
      <p>
        The dashboard is run by volunteers and provided as it is. It may be changed, paused or shut down, and data may
        be corrected by the tribe&apos;s staff. ARK: Survival Ascended is a trademark of Studio Wildcard and Discord is
        a trademark of Discord Inc.; this site is not affiliated with either.
      </p>

      <h2>Contact</h2>
      <p>
        Questions or problems: <strong>{contact}</strong>. See also the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </>
  );
}
