// The profile's facts: who the player is (platform, tribe, the list they are on, first and last seen, online now),
// their hours per server, the names they went by, and the Discord members linked to them.
import { Link } from "@remix-run/react";
import { playerName } from "#contract/players";
import type { ServerId } from "#contract/servers";
import { ListPill, TribeLink } from "#app/components/players/links";
import { Badge } from "#app/components/Badge";
import { useCan } from "#app/utils/access";
import { formatDateTime, relativeTime } from "#app/utils/dates";
import { playedText } from "#app/utils/players";
import { withParams } from "#app/utils/table";
import type { ProfileView } from "./profile.server";

const tribelistHref = (server: ServerId | null, name: string) =>
  withParams("/dashboard/tribelists", { tab: server, q: name });

export function PlayerFacts({ profile, timeZone }: { profile: ProfileView; timeZone: string }) {
  const canEditLists = useCan("tribelists");
  const when = (at: number | null) =>
    at === null ? "unknown" : `${formatDateTime(at, timeZone)} (${relativeTime(at, profile.now)})`;
  return (
    <section className="card player-facts" aria-labelledby="facts-title" data-testid="player-facts">
      <h2 id="facts-title">Player</h2>
      <dl className="facts">
        <dt>Tribe</dt>
        <dd>
          <TribeLink tribe={profile.tribe} />
        </dd>
        <dt>List</dt>
        <dd className="facts-list">
          <ListPill list={profile.list} />
          {canEditLists ? (
            <Link to={tribelistHref(null, playerName(profile))} className="small" data-testid="edit-tribelists">
              Edit on Tribelists
            </Link>
          ) : null}
        </dd>
        <dt>Platform</dt>
        <dd>{profile.platformName ?? <span className="muted">-</span>}</dd>
        <dt>First seen</dt>
        <dd data-testid="first-seen">{when(profile.firstSeen)}</dd>
        <dt>Last seen</dt>
        <dd data-testid="last-seen">{profile.online.length ? "now" : when(profile.lastSeen)}</dd>
        <dt>Online now</dt>
        <dd data-testid="online-now">
          {profile.online.length
            ? profile.online.map((o) => (
                <span key={o.serverId}>
                  <Badge tone="green">{o.serverId}</Badge>
                  {o.since ? <span className="small"> since {formatDateTime(o.since, timeZone)}</span> : null}
                </span>
              ))
            : "No"}
        </dd>
        <dt>EOS ID</dt>
        <dd>
          <code className="eos-id">{profile.eosId}</code>
        </dd>
      </dl>
    </section>
  );
}

export function HoursPlayed({ profile }: { profile: ProfileView }) {
  const total = (k: "d7" | "d30") => profile.hours.reduce((sum, h) => sum + h[k], 0);
  return (
    <section className="card" aria-labelledby="hours-title" data-testid="hours-played">
      <h2 id="hours-title">Hours played</h2>
      <table className="table hours-table">
        <caption className="sr-only">Hours played per server over the last 7 and 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col">Last 7 days</th>
            <th scope="col">Last 30 days</th>
          </tr>
        </thead>
        <tbody>
          {profile.hours.map((h) => (
            <tr key={h.serverId}>
              <th scope="row">{h.serverId}</th>
              <td>{playedText(h.d7)}</td>
              <td>{playedText(h.d30)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All</th>
            <td>{playedText(total("d7"))}</td>
            <td>{playedText(total("d30"))}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

export function NamesAndMembers({ profile, timeZone }: { profile: ProfileView; timeZone: string }) {
  const date = (at: number) => formatDateTime(at, timeZone);
  return (
    <>
      <section className="card" aria-labelledby="names-title" data-testid="player-names">
        <h2 id="names-title">Names over time</h2>
        {profile.names.length ? (
          <ul className="plain-list">
            {profile.names.map((n) => (
              <li key={n.name}>
                <strong>{n.name}</strong>{" "}
                <span className="muted small">
                  {date(n.firstSeen)} – {date(n.lastSeen)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No names recorded yet.</p>
        )}
      </section>
      <section className="card" aria-labelledby="linked-title" data-testid="linked-members">
        <h2 id="linked-title">Linked Discord members</h2>
        {profile.linked.length ? (
          <ul className="plain-list">
            {profile.linked.map((m) => (
              <li key={m.discordId ?? m.name}>
                <strong>{m.name}</strong> {m.discordId ? <code className="small">{m.discordId}</code> : null}{" "}
                {m.via.map((v) => (
                  <Badge key={v} tone="blue">
                    {v === "vouch" ? "Vouch" : v === "code" ? "Code" : "Tribelist"}
                  </Badge>
                ))}
                {m.tribelists.length ? (
                  <span className="linked-lists small">
                    {m.tribelists.map((t) => (
                      <Link key={`${t.server}-${t.name}`} to={tribelistHref(t.server, t.name)}>
                        {t.server}: {t.name}
                        {t.rank ? ` (${t.rank})` : ""}
                      </Link>
                    ))}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No vouch, code or tribelist entry names this player.</p>
        )}
      </section>
    </>
  );
}
