// The Privacy Policy (public), in the legal pages' frame (_legal.tsx).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useOutletContext } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Privacy Policy · ARK Tribe Dashboard" }];

export default function Privacy() {
  const contact = useOutletContext<string>(); // the frame (_legal.tsx) passes the contact person
  return (
    <>
      <h1>Privacy Policy</h1>
      <p className="muted">
        The ARK Tribe Dashboard is run by the tribe&apos;s staff for the tribe&apos;s members. This page says what it
        keeps about you, why, and for how long.
      </p>

      <h2>What is stored</h2>
      <ul>
        <li>
          <strong>Your Discord account</strong>, copied when you sign in: your Discord id, username, display name and
          avatar, and when you last signed in. Discord also tells us which servers you are in; that list is used once to
          check you belong to the tribe&apos;s server and is not kept.
        </li>
        <li>
          <strong>Your sessions</strong>: a random session id (in a cookie on your browser and in our database), the
          browser it was opened in, when it started, when it was last used and when it expires. A session ends 30 days
          after its last use, when you sign out, or when you sign it out from Settings.
        </li>
        <li>
          <strong>Tribe records</strong> that staff and the tribe&apos;s Discord bot keep here: vouches, member codes,
          tribelists, Discord join and leave logs and in-game names. They name members by Discord id and username.
        </li>
        <li>
          <strong>A change log</strong>: who added, edited or deleted what and when, so mistakes can be traced and
          undone.
        </li>
        <li>
          <strong>On your browser only</strong>: your theme, sidebar and time zone (cookies), your notification history
          and whether you have seen the latest changelog (local storage).
        </li>
      </ul>

      <h2>Why</h2>
      <p>
        To let tribe members sign in, to keep the tribe&apos;s records in one place, to show who did what, and to keep
        the site secure. Nothing is sold, shared with advertisers or used for tracking; there are no analytics or
        third-party scripts. Avatars are loaded from Discord&apos;s image servers.
      </p>

      <h2>Your choices</h2>
      <p>
        You can sign out any of your sessions from Settings at any time. To see, correct or remove what is kept about
        you, or to leave the tribe&apos;s records, contact <strong>{contact}</strong>.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about this policy: <strong>{contact}</strong>.
      </p>
    </>
  );
}
