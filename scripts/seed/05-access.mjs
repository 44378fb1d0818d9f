// Access levels for the Discord stand-in's demo roles (worker/discord-standin.ts DEMO_ROLES): officers change all but
// kick; breeders change stock and the breeder sheet and read codes; @everyone reads all but codes; Owner is an owner
// by configuration (OWNER_IDS).
import { insert, words } from "./lib.mjs";

const GUILD = "400000000000000001"; // .dev.vars.example DISCORD_GUILD_IDS: its @everyone role
const OFFICER = "500000000000000002";
const BREEDER = "500000000000000003";
const CONTENT = words("dashboard vouches codes tribelists server-stats stock breeder logs weekly-members");

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
