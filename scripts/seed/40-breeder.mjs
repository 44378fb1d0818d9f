// The breeder area: ~130 x scale "Good Comms" breed lines across 2411/2573/2446 with stats, mutation counts and claim dates;
// FFA raisings (~20 x scale), codes given to breeders (~30 x scale), claim sessions over the last 60 days
// (~150 x scale) run by the tribe's breeders, and per-breeder session statistics computed from those sessions.
import { DAY, insert, objectId, SERVERS } from "./lib.mjs";

/** Species, the wiki's image file, and what their lines are bred for (stat ranges in points). */
const DINOS = [
  ["Rex", "Rex", "soak"],
  ["Giganotosaurus", "Giganotosaurus", "dmg"],
  ["Carcharodontosaurus", "Carcharodontosaurus", "dmg"],
  ["Shadowmane", "Shadowmane", "dmg"],
  ["Managarmr", "Managarmr", "flyer"],
  ["Yutyrannus", "Yutyrannus", "soak"],
  ["Stegosaurus", "Stegosaurus", "soak"],
  ["Therizinosaur", "Therizinosaur", "dmg"],
  ["Deinonychus", "Deinonychus", "dmg"],
  ["Rhyniognatha", "Rhyniognatha", "flyer"],
  ["Desmodus", "Desmodus", "flyer"],
  ["Daeodon", "Daeodon", "soak"],
  ["Megatherium", "Megatherium", "dmg"],
  ["Basilisk", "Basilisk", "soak"],
  ["Snow Owl", "Snow_Owl", "flyer"],
  ["Argentavis", "Argentavis", "flyer"],
  ["Baryonyx", "Baryonyx", "dmg"],
  ["Allosaurus", "Allosaurus", "dmg"],
  ["Spinosaurus", "Spinosaurus", "dmg"],
  ["Wyvern", "Fire_Wyvern", "flyer"],
  ["Thylacoleo", "Thylacoleo", "dmg"],
  ["Sabertooth", "Sabertooth", "dmg"],
];
const LOCATIONS = [
  "Main base - breeding hall",
  "Red Ob island pens",
  "Snow cave vault",
  "North coast barn",
  "Hidden lake base",
  "Volcano outpost",
  "Swamp cave",
  "Redwood treehouse",
];
const NOTES = [
  "Stacking HP muts",
  "Need female with clean dmg",
  "Keep separate from FFA line",
  "Ready for claims this week",
  "Imprint schedule posted in #breeding",
  "Rolling for colour mut",
  "Paused until wipe",
  "Top line, do not sell",
  null,
  null,
  null,
];
const INSTRUCTIONS = [
  "Bring a cryopod and 2 stacks of raw meat",
  "Claim in the breeding hall, imprint every 8h",
  "First come first served, one per person",
  "Officers first, then members",
  "Raise on 2411 only",
  "Bring kibble for imprint",
  null,
];
const FFA_NOTES = [
  "Imprint 100%",
  "Missed one imprint",
  "Needs kibble",
  "For the Saturday raid",
  "Raising in the main base",
  "Cryo when done",
  null,
  null,
];
const CODE_NOTES = [
  "Breeding hall door",
  "Cryofridge code",
  "Egg incubator room",
  "Replaced after leak",
  "Temporary for the weekend",
  null,
];
const ROLE_DINOS = [
  "Rex",
  "Giganotosaurus",
  "Shadowmane",
  "Managarmr",
  "Yutyrannus",
  "Therizinosaur",
  "Rhyniognatha",
  "Desmodus",
];
// The stand-in's demo breeder runs sessions too, so a demo sign-in sees their own row on the leaderboard.
const DEMO_BREEDER = { id: "300000000000000002", displayName: "Tek Breeder", username: "tekbreeder" };

const mdy = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};
/** A claim or mutation date: its sheet text and its day number (what the search keeps: migrations/0006). */
const dated = (ms) => ({ text: mdy(ms), day: Math.floor(ms / DAY) });
const undated = (text) => ({ text, day: null });
/**
 * The breeder search's text, as worker/domain/breeder.ts searchColumns writes it for every other write: Dino, Server
 * and each stored text or number, joined by the unit separator.
 */
const searchText = (dino, server, values) =>
  [dino, server, ...Object.values(values)].filter((v) => typeof v === "string" || typeof v === "number").join("\u001f");
const imageOf = (file) => `https://ark.wiki.gg/wiki/Special:FilePath/${file}.png`;
const roleId = (r) => `13${Array.from({ length: 17 }, () => r.int(0, 9)).join("")}`;

/** A sample of `n` distinct items. */
function sample(r, list, n) {
  const copy = [...list];
  const k = Math.min(n, copy.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(r.next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, k);
}

function statsFor(r, focus) {
  const hi = (f) => (focus === f ? r.int(45, 80) : r.int(20, 60));
  return {
    HP: hi("soak"),
    Stam: r.int(10, 60),
    Oxy: r.int(0, 40),
    Food: r.int(10, 55),
    Weight: focus === "flyer" ? r.int(40, 80) : r.int(15, 55),
    Dmg: hi("dmg"),
  };
}

export default function seed({ r, scale, now, people }) {
  const statements = [];
  const breeders = [DEMO_BREEDER, ...people.slice(20, 20 + Math.max(8, Math.round(12 * Math.sqrt(scale))))];

  // ---- The breeder list and the dinos' images and role mappings --------------------------------------------------
  const roles = Object.fromEntries(ROLE_DINOS.map((d) => [d, roleId(r)]));
  const lines = [];
  for (const [dino, , focus] of DINOS) {
    const servers = sample(r, SERVERS, r.pick([1, 2, 2, 3, 3]));
    for (const server of servers) lines.push({ dino, focus, server });
  }
  // About 130 lines at scale 1 (two pages of the sheet's 100), 13,000 at --scale 100: a species keeps several lines.
  const count = Math.max(20, Math.round(130 * scale));
  const rows = Array.from({ length: count }, (_, i) => lines[i % lines.length]).map(
    ({ dino, focus, server }, order) => {
      const file = DINOS.find((d) => d[0] === dino)[1];
      const stats = statsFor(r, focus);
      const muts = (base) => (r.chance(0.15) ? 0 : r.int(0, base));
      const lastClaims = r.chance(0.08) ? undated("") : dated(now - r.int(0, 24) * DAY);
      const lastMut = r.chance(0.1) ? undated(r.pick(["", "N/A"])) : dated(now - r.int(0, 60) * DAY);
      const values = {
        Breeder: r.pick(breeders).displayName,
        Location: r.pick(LOCATIONS),
        "Curent # of 0/0's": r.int(0, 18),
        ...stats,
        "Mut Hp": muts(60),
        "Mut Stam": muts(30),
        "Mut Oxy": muts(10),
        "Mut Food": muts(20),
        "Mut Weight": muts(40),
        "Mut Dmg": muts(60),
        Negative: r.chance(0.15) ? "TRUE" : "FALSE",
        Priority: r.int(1, 5),
        "Last Claims": lastClaims.text,
        "Last Mut": lastMut.text,
        notes: r.pick(NOTES),
      };
      const fieldColors = {};
      if (r.chance(0.25)) fieldColors.Priority = r.pick(["#fde68a", "#fecaca", "#bbf7d0"]);
      if (values.Negative === "TRUE") fieldColors.Negative = "#fecaca";
      return {
        _id: objectId(r, now - r.int(30, 400) * DAY),
        order,
        dino,
        server,
        image_url: r.chance(0.9) ? imageOf(file) : null,
        text_color: r.chance(0.1) ? r.pick(["#1d4ed8", "#b91c1c", "#15803d"]) : null,
        field_colors: fieldColors,
        role_id: roles[dino] ?? null,
        values,
        version: 1,
        last_updated: now - r.int(0, 14) * DAY - r.int(0, 86_399_999),
        date_day: lastClaims.day,
        datetwo_day: lastMut.day,
        search_text: searchText(dino, server, values),
      };
    },
  );
  statements.push(...insert("breeder_list", rows));
  statements.push(
    ...insert(
      "item_images",
      DINOS.filter(([dino]) => rows.some((row) => row.dino === dino)).map(([dino, file]) => ({
        scope: "dino",
        name: dino,
        image_url: imageOf(file),
        updated_at: now - r.int(1, 90) * DAY,
      })),
    ),
  );
  statements.push(
    ...insert(
      "role_mappings",
      Object.entries(roles).map(([dino, role]) => ({ dino, role_id: role, updated_at: now - r.int(1, 120) * DAY })),
    ),
  );
  const dinoNames = DINOS.map(([d]) => d);

  // ---- FFA raisings -----------------------------------------------------------------------------------------------
  const ffa = Array.from({ length: Math.round(20 * scale) }, () => {
    const start = now - r.int(0, 45) * DAY;
    const status = r.chance(0.55) ? "In Progress" : r.chance(0.78) ? "Completed" : "Cancelled";
    return {
      _id: objectId(r, start),
      breeder: r.pick(breeders).displayName,
      creature: r.pick(dinoNames),
      server: r.pick(SERVERS),
      status,
      start_date: mdy(start),
      expected_completion: mdy(start + r.int(2, 10) * DAY),
      notes: r.pick(FFA_NOTES),
      updated_at: start + r.int(0, 3) * DAY,
    };
  });
  statements.push(...insert("ffa_raising", ffa));

  // ---- Codes given to breeders ------------------------------------------------------------------------------------
  const codes = Array.from({ length: Math.round(30 * scale) }, () => {
    const given = now - r.int(0, 90) * DAY;
    const roll = r.next();
    const status = roll < 0.5 ? "Active" : roll < 0.8 ? "Used" : roll < 0.92 ? "Expired" : "Revoked";
    return {
      _id: objectId(r, given),
      breeder: r.pick(breeders).displayName,
      code: String(r.int(1000, 9999)),
      server: r.pick(SERVERS),
      date_given: mdy(given),
      status,
      notes: r.pick(CODE_NOTES),
      updated_at: given,
    };
  });
  statements.push(...insert("codes_given", codes));

  // ---- Claim sessions, and the statistics they add up to ---------------------------------------------------------
  const claimers = people.map((p) => p.id);
  const sessions = [];
  const removals = new Map();
  const total = Math.round(150 * scale);
  while (sessions.length < total) {
    // Skewed towards the last days, so today's cards have something to show.
    const createdAt = now - Math.floor(Math.pow(r.next(), 1.4) * 60 * DAY);
    const breeder = r.pick(breeders);
    if (r.chance(0.07)) {
      // Removed or cancelled before it ran: counted for the breeder, not stored.
      removals.set(breeder.id, (removals.get(breeder.id) ?? 0) + 1);
      continue;
    }
    const max = r.int(2, 10);
    const claims = sample(r, claimers, r.int(0, max));
    const completed = claims.filter(() => r.chance(0.7));
    const ended = now - createdAt > DAY ? r.chance(0.92) : r.chance(0.3);
    const duration = ended ? r.int(10, 180) * 60_000 + r.int(0, 59_999) : r.int(0, 20) * 60_000;
    sessions.push({
      _id: objectId(r, createdAt),
      dino_name: r.pick(dinoNames),
      instructions: r.pick(INSTRUCTIONS),
      max,
      claims,
      completed,
      ended,
      breeder_id: breeder.id,
      created_at: createdAt,
      updated_at: Math.min(now, createdAt + duration),
    });
  }
  statements.push(...insert("claim_sessions", sessions));

  const stats = breeders
    .map((b) => {
      const own = sessions.filter((s) => s.breeder_id === b.id);
      const ended = own.filter((s) => s.ended);
      const withClaims = own.filter((s) => s.claims.length > 0);
      const removed = removals.get(b.id) ?? 0;
      const avg = (list, f) => (list.length ? list.reduce((sum, x) => sum + f(x), 0) / list.length : 0);
      return {
        _id: objectId(r, now - 60 * DAY),
        breeder_id: b.id,
        total_created_sessions: own.length + removed,
        total_sessions: own.length,
        total_claims: own.reduce((n, s) => n + s.claims.length, 0),
        average_session_duration: Math.round(avg(ended, (s) => s.updated_at - s.created_at)),
        total_completions: own.reduce((n, s) => n + s.completed.length, 0),
        average_completion_rate:
          Math.round(avg(withClaims, (s) => (s.completed.length / s.claims.length) * 100) * 10) / 10,
        total_ended_sessions: ended.length,
        total_removals: removed,
        updated_at: now,
      };
    })
    .filter((s) => s.total_created_sessions > 0);
  statements.push(...insert("breeder_session_stats", stats));
  return statements;
}
