// The audit trail, read. Changes made through the API show up with who, when, what and their before and
// after; filters by section, person, record and day narrow them in SQL; the page shows a record's history; only admins
// may read it (the matrix tests check every member).
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import type { AuditRow } from "#contract/audit";
import { Browser, MEMBER, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

const json = { "Content-Type": "application/json" };
type Found = { rows: AuditRow[]; total: number; page: number; pageCount: number };

async function search(owner: Browser, query: string) {
  const res = await owner.fetch(`/api/audit/search?${query}`);
  return { status: res.status, body: await res.json<Found & { message?: string }>() };
}

describe("the audit trail", () => {
  it("shows each change with who, when, what and its before and after, filtered in SQL", async () => {
    const owner = await signedIn(MEMBER);
    const made = await owner.fetch("/api/codes", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ code: "1111", username: "audit-trail" }),
    });
    const code = await made.json<{ _id: string; version: number }>();
    const saved = await owner.fetch(`/api/codes/${code._id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ code: "2222", username: "audit-trail", version: code.version }),
    });
    expect(saved.status).toBe(200);
    const entry = await (
      await owner.fetch("/api/tribelist", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "audit-other" }),
      })
    ).json<{ _id: string }>();

    // Each search names this test's records (q reads record ids), so other tests' changes never count here.
    const codes = await search(owner, `section=codes&q=${code._id}`);
    expect(codes.status).toBe(200);
    expect(codes.body.rows.map((r) => r.action)).toEqual(["update", "create"]);
    const [update] = codes.body.rows;
    expect(update).toMatchObject({
      actor: `user:${MEMBER}`,
      actorName: "Rex Rider",
      entity: "code",
      entityId: code._id,
    });
    expect(update.before).toMatchObject({ code: "1111" });
    expect(update.after).toMatchObject({ code: "2222" });

    const history = await search(owner, `entity=code&record=${code._id}`);
    expect(history.body.total).toBe(2);
    expect((await search(owner, `section=tribelists&q=${entry._id}`)).body.rows).toMatchObject([
      { entity: "tribelist_entry", action: "create" },
    ]);
    expect((await search(owner, `section=codes&q=${entry._id}`)).body.total).toBe(0);
    expect((await search(owner, "person=Rex%20Rider")).body.total).toBeGreaterThanOrEqual(3);
    expect((await search(owner, "person=Nobody")).body.total).toBe(0);
    expect((await search(owner, "q=audit-other")).body.total).toBe(0); // the search reads ids, people and actions, not values
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(owner, `from=${today}&to=${today}&section=codes&q=${code._id}`)).body.total).toBe(2);
    expect((await search(owner, "from=2020-01-01&to=2020-01-31")).body.total).toBe(0);
  });

  it("refuses a filter that is not one, with the field named", async () => {
    const owner = await signedIn(MEMBER);
    const bad = await search(owner, "from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("from: must be a date, YYYY-MM-DD");
    expect((await search(owner, "section=everything")).status).toBe(400);
    expect((await search(owner, `person=${"x".repeat(101)}`)).status).toBe(400);
    // A day that does not exist is not rolled over into the next month; a range must not end before it starts.
    expect((await search(owner, "from=2024-02-31")).body.message).toBe("from: must be a date, YYYY-MM-DD");
    const backwards = await search(owner, "from=2026-03-02&to=2026-03-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("to: must be on or after from");
  });

  it("shows a record's history on the Audit page, its changes in words, without JavaScript", async () => {
    const owner = await signedIn(MEMBER);
    const made = await owner.fetch("/api/codes", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ code: "3333", username: "audit-page" }),
    });
    const code = await made.json<{ _id: string; version: number }>();
    await owner.fetch(`/api/codes/${code._id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ code: "4444", version: code.version }),
    });
    const page = await owner.fetch(`/dashboard/audit?entity=code&record=${code._id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("History of Code");
    expect(html.match(/data-testid="audit-row"/g)).toHaveLength(2);
    expect(html).toMatch(/<del class="audit-before">3333<\/del> → <ins class="audit-after">4444<\/ins>/);
    // The creation lists what the code was made with, without its `_id` (the record's link says it).
    expect(html).not.toMatch(/<strong>_id<\/strong>/);
    const bad = await (await owner.fetch("/dashboard/audit?from=someday")).text();
    expect(bad).toContain("from: must be a date, YYYY-MM-DD");
    // A refused filter wrote nothing.
    expect(
      await env.DB.prepare("select count(*) as n from audit_log where entity_id = ?").bind(code._id).first("n"),
    ).toBe(2);
  });

  it("names the person by what the product knows of them, in the viewer's time, with times in the changes as times", async () => {
    const owner = await signedIn(MEMBER);
    const record = `names-${crypto.randomUUID()}`;
    // A change a bot made for a member, with no name recorded: the member's sign-in names them now.
    const at = Date.UTC(2026, 10, 30, 23, 30);
    await env.DB.prepare(
      `insert into audit_log (at, actor, actor_name, entity, entity_id, action, before, after) values (?, ?, null, 'code', ?, 'update', ?, ?)`,
    )
      .bind(
        at,
        `user:${MEMBER}`,
        record,
        JSON.stringify({ updatedAt: 1796340839000, code: "1" }),
        JSON.stringify({ updatedAt: 1796340900000, code: "2" }),
      )
      .run();
    const found = await search(owner, `entity=code&record=${record}`);
    expect(found.body.rows[0]).toMatchObject({ actor: `user:${MEMBER}`, actorName: "Rex Rider" });
    owner.cookies.set("tz", "Asia/Tokyo");
    // The page as it shows (the loader's data, written after it, keeps the values as stored).
    const html = (await (await owner.fetch(`/dashboard/audit?entity=code&record=${record}`)).text()).split(
      "window.__remixContext",
    )[0];
    expect(html).toContain(`<td title="user:${MEMBER}" data-testid="audit-actor">Rex Rider</td>`);
    expect(html).toContain("Dec 1, 2026, 8:30 AM"); // 23:30 UTC is the next morning in Tokyo
    expect(html).not.toContain("1796340839000");
    expect(html).toMatch(
      /<strong>updatedAt<\/strong>:(<!-- -->)? <del class="audit-before">[A-Z][a-z]{2} \d{1,2}, 2026/,
    );
  });
});
