// Codes, the three tribelists, and a year of Discord joins and leaves. Names come from `people`, so the same members
// appear in vouches, tribelists and logs; leavers who were vouched for carry their latest vouch as voucherInfo.
import { DAY, insert, objectId, SERVERS, snowflake, survivor, username } from "./lib.mjs";

const OFFICERS = [
  { id: "300000000000000001", username: "rexrider", displayName: "Rex Rider" },
  { id: "300000000000000002", username: "tekbreeder", displayName: "Tek Breeder" },
];
const LOCATIONS = {
  2411: [
    "Red Ob",
    "Blue Ob",
    "Green Ob",
    "Lava Island",
    "Grassland Island",
    "Skeleton Isle",
    "Underwater Cave",
    "Pearl Cave",
  ],
  2573: ["Eastern Highlands", "Frozen Coast", "Central Plateau", "Crystal Bay", "Southern Jungle", "Ruins"],
  2446: ["Portal", "Bioluminescent Chamber", "Element Falls", "Fertile Chamber", "Surface", "Red Zone"],
};
const INVITES = ["arktribe", "gc2411", "gcastraeos", "Xk9vQ2pL", "aberr2446", "pvp-recruit"];
const REASONS = ["Left", "Left", "Left", "Left", "Kicked", "Kicked (vouch removed)", "Banned", "Inactive", null];
const CJK = /[\u4e00-\u9fff]/;

const defaultAvatar = (id) => `https://cdn.discordapp.com/embed/avatars/${BigInt(id) % 5n}.png`;

function codes({ r, scale, now, people }) {
  const rows = Array.from({ length: Math.round(60 * scale) }, (_, i) => {
    const person = r.pick(people);
    const server = r.pick(SERVERS);
    const at = now - r.int(0, 300) * DAY - r.int(0, DAY);
    return {
      _id: objectId(r, at),
      id: i + 1,
      username: person.username,
      code: String(r.int(0, 9999)).padStart(4, "0"),
      server,
      avatar: r.chance(0.6) ? defaultAvatar(person.id) : null,
      completed: r.chance(0.55),
      mainserver: r.chance(0.7) ? server : r.pick(SERVERS),
      location: r.pick(LOCATIONS[server]),
      user: person.id,
      updated_at: at,
    };
  });
  return insert("codes", rows);
}

function tribelists({ r, now, people }) {
  const rows = [];
  for (const server of SERVERS) {
    const size = r.int(20, Math.min(60, people.length));
    const admins = r.int(2, 4);
    // A shuffled slice of the tribe (Fisher-Yates): nobody twice on one list.
    const members = [...people];
    for (let i = members.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [members[i], members[j]] = [members[j], members[i]];
    }
    members.slice(0, size).forEach((person, i) => {
      const at = now - r.int(1, 200) * DAY;
      const rank = i === 0 ? "Owner" : i <= admins ? "Admin" : null;
      const nationality = CJK.test(person.displayName)
        ? "Chinese"
        : r.chance(0.8)
          ? "English"
          : r.chance(0.5)
            ? "Chinese"
            : null;
      rows.push({
        _id: objectId(r, at),
        server,
        name: person.displayName,
        username: r.chance(0.8) ? person.username : null,
        discord_id: r.chance(0.85) ? person.id : null,
        rank,
        nationality,
        // Most entries were ordered by hand; the newest ones have no order yet and sort last.
        order: i < size * 0.8 ? i : null,
        created_at: at,
        updated_at: at,
      });
    });
  }
  return insert("tribelist_entries", rows);
}

function joinsAndLeaves({ r, scale, now, people }) {
  const inviters = [...OFFICERS, ...people.slice(0, 20)];
  const joins = Array.from({ length: Math.round(300 * scale) }, () => {
    // About half are tribe members (some rejoin), half newcomers who never got vouched.
    const known = r.chance(0.5);
    const displayName = known ? null : survivor(r);
    const person = known ? r.pick(people) : { id: snowflake(r), displayName, username: username(r, displayName) };
    const joinedAt = now - Math.floor(Math.pow(r.next(), 1.3) * 365 * DAY) - r.int(0, DAY);
    const invite = r.chance(0.6) ? r.pick(INVITES) : null;
    return {
      known,
      row: {
        id: person.id,
        display_name: person.displayName,
        username: person.username,
        avatar_url: r.chance(0.5) ? defaultAvatar(person.id) : null,
        joined_at: joinedAt,
        created_at: joinedAt - r.int(30, 2500) * DAY,
        invite_code: invite,
        inviter_id: invite ? r.pick(inviters).id : null,
      },
    };
  });

  // Leavers: as many tribe members as newcomers, each join leaving at most once, some time after joining.
  const pool = { true: joins.filter((j) => j.known), false: joins.filter((j) => !j.known) };
  const leaves = [];
  const total = Math.min(Math.round(120 * scale), joins.length);
  for (let i = 0; i < total; i++) {
    const list = pool[String(i % 2 === 0)].length ? pool[String(i % 2 === 0)] : pool[String(i % 2 !== 0)];
    const [{ row }] = list.splice(r.int(0, list.length - 1), 1);
    const leftAt = row.joined_at + Math.floor(r.next() * (now - row.joined_at));
    leaves.push({
      id: row.id,
      display_name: row.display_name,
      username: row.username,
      user_avatar_url: row.avatar_url,
      joined_at: r.chance(0.9) ? row.joined_at : null,
      left_at: leftAt,
      leave_reason: r.pick(REASONS),
      voucher_info: null,
    });
  }
  return [
    ...insert(
      "join_log",
      joins.map((j) => j.row),
      { orIgnore: true },
    ),
    ...insert("removed_members", leaves, { orIgnore: true }),
    // The bot's last push: the newest join or leave, so the Logs page shows the demo's age.
    ...insert("sources", [
      {
        id: "discord-bot",
        last_contact_at: now,
        last_observed_at: [...joins.map((x) => x.row.joined_at), ...leaves.map((l) => l.left_at)].reduce(
          (a, b) => Math.max(a, b),
          0,
        ),
      },
    ]),
    // The voucher of a leaver is their latest vouch (10-vouches ran first), as the ingestion fills it in.
    `UPDATE removed_members SET voucher_info = (
  SELECT json_object('id', CAST(v.id AS TEXT), 'vouchedBy', v.vouched_by, 'vouchedByUsername', v.vouched_by_username)
  FROM vouches v WHERE v.vouched = removed_members.id ORDER BY v.id DESC LIMIT 1)
WHERE voucher_info IS NULL AND EXISTS (SELECT 1 FROM vouches v WHERE v.vouched = removed_members.id);`,
  ];
}

export default function seed(context) {
  return [...codes(context), ...tribelists(context), ...joinsAndLeaves(context)];
}
