// Access levels for the Discord stand-in's demo roles (worker/discord-standin.ts DEMO_ROLES; contract/access.ts), so a
// demo sign-in shows each kind of member: the Owner role is an owner by configuration (.dev.vars.example OWNER_IDS);
// officers change everything but may not kick; breeders change stock and the breeder sheet and read codes; everyone
// else (the guild's @everyone role) reads every section but codes.
import { insert } from "./lib.mjs";

const GUILD = "400000000000000001"; // .dev.vars.example DISCORD_GUILD_IDS: its @everyone role
const OFFICER = "500000000000000002";
const BREEDER = "500000000000000003";
const CONTENT = [
  "dashboard",
  "vouches",
  "codes",
  "tribelists",
  "server-stats",
  "stock",
  "breeder",
  "logs",
  "weekly-members",
];

export default function seed({ now }) {
  const row = (roleId, section, level) => ({ role_id: roleId, section, level, updated_by: "seed", updated_at: now });
  return insert("role_access", [
    ...CONTENT.map((s) => row(OFFICER, s, "edit")),
    row(BREEDER, "stock", "edit"),
    row(BREEDER, "breeder", "edit"),
    row(BREEDER, "codes", "view"),
    row(GUILD, "codes", "none"),
  ]);
}
