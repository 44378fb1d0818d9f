// Vouches over the last 14 months: officers vouch for new members; more recent months are busier.
import { DAY, insert, objectId } from "./lib.mjs";

const STATUSES = [
  ["Complete", 0.62],
  ["Not Provided", 0.2],
  ["Invalid", 0.1],
  ["Remove Pending", 0.08],
];
// The stand-in's demo officers vouch too, so a demo sign-in sees its own name on the dashboard.
const OFFICERS = [
  { id: "300000000000000001", username: "rexrider" },
  { id: "300000000000000002", username: "tekbreeder" },
];

export default function seed({ r, scale, now, people }) {
  const vouchers = [...OFFICERS, ...people.slice(0, 14).map((p) => ({ id: p.id, username: p.username }))];
  const total = Math.round(500 * scale);
  const rows = [];
  for (let i = 0; i < total; i++) {
    // Skewed towards recent days: a square root spreads most vouches over the last months.
    const ago = Math.floor(Math.pow(r.next(), 1.6) * 420) * DAY;
    const at = new Date(now - ago);
    const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const vouched = r.pick(people);
    const voucher = r.pick(vouchers.filter((v) => v.id !== vouched.id));
    let roll = r.next();
    const status = STATUSES.find(([, p]) => (roll -= p) < 0)?.[0] ?? "Complete";
    rows.push({
      _id: objectId(r, day),
      id: i + 1,
      username: vouched.username,
      display_name: vouched.displayName,
      discord_id: vouched.id,
      notes: r.chance(0.3)
        ? r.pick([
            "Known from 2411 alliance",
            "Played with us on Astraeos",
            "Good breeder",
            "Vouched in voice",
            "Ex-ally tribe",
          ])
        : null,
      aliases: r.chance(0.2) ? `${vouched.displayName}_alt` : null,
      ig_name: vouched.displayName,
      ig_name_server2: r.chance(0.6) ? vouched.displayName : null,
      ig_name_server3: r.chance(0.35) ? `${vouched.displayName}${r.int(1, 9)}` : null,
      vouched_avatar: null,
      vouched_avatar_hash: null,
      status,
      vouched: vouched.id,
      vouched_username: vouched.username,
      vouched_at: `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${at.getUTCFullYear()}`,
      vouched_at_ms: day,
      vouched_by: voucher.id,
      vouched_by_username: voucher.username,
      source_message_id: null,
      created_at: day,
      updated_at: day,
    });
  }
  // Ids follow the date, as they did when the vouches were made.
  rows.sort((a, b) => a.vouched_at_ms - b.vouched_at_ms).forEach((row, i) => (row.id = i + 1));
  return insert("vouches", rows);
}
