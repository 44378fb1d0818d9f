// Shared by the breeder list API tests: three rows stored out of order, a row and the audit log as stored, a JSON
// request, and a signed-in member.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import { Browser, MEMBER, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that calls the breeder list API: empty list tables, outbound calls answered by the Worker. */
export function withBreederTables() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["breeder_list", "item_images", "role_mappings", "audit_log", "api_tokens"].map((t) =>
        env.DB.prepare(`delete from ${t}`),
      ),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
export const DAY = 24 * 3600 * 1000;
export const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

export const REX = "00000000000000000000000a";
export const REX2 = "00000000000000000000000b";
export const GIGA = "00000000000000000000000c";
export const UNKNOWN = "ffffffffffffffffffffffff";

/** Three rows stored out of order: Giga (order 0), Rex (1), second Rex line (2). */
export async function seedRows() {
  const now = Date.now();
  const insert = (id: string, order: number, dino: string, server: string, values: Record<string, unknown>) =>
    env.DB.prepare(
      `insert into breeder_list (_id, "order", dino, server, field_colors, "values", version, last_updated) values (?, ?, ?, ?, ?, ?, 1, ?)`,
    ).bind(id, order, dino, server, JSON.stringify({ HP: "#ff0000" }), JSON.stringify(values), now);
  await env.DB.batch([
    insert(REX2, 2, "Rex", "2573", { HP: 20 }),
    insert(REX, 1, "Rex", "2411", {
      HP: 45,
      "Curent # of 0/0's": 4,
      "Last Claims": mdy(now - 12 * DAY),
      "Last Mut": "soon",
      Negative: "FALSE",
    }),
    insert(GIGA, 0, "Giganotosaurus", "2446", { HP: 60, "Last Claims": mdy(now + 3 * DAY) }),
  ]);
}

export const stored = async (id: string) => {
  const row = await env.DB.prepare("select * from breeder_list where _id = ?")
    .bind(id)
    .first<Record<string, string | number | null>>();
  if (!row) return null;
  const { values, field_colors, ...rest } = row;
  return { ...rest, values: JSON.parse(String(values)), field_colors: JSON.parse(String(field_colors)) } as Record<
    string,
    unknown
  > & {
    values: Record<string, unknown>;
    field_colors: Record<string, string>;
  };
};
export const auditRows = async (entity = "breeder_list") =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, string>>()
  ).results;

export async function member() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  return browser;
}
