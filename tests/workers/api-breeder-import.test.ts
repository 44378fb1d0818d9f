// Importing a tribe's sheet into the breeder list: the host's one-call import (rows changed at their versions and rows
// added, in one batch with one audit entry and one live event, nothing at all when a row moved on), and the import
// page's action that previews and applies a pasted sheet.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, fromPage, listen, MEMBER, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["breeder_list", "item_images", "role_mappings", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const REX = "00000000000000000000000a";
const GIGA = "00000000000000000000000c";
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function seed() {
  const insert = (id: string, order: number, dino: string, values: Record<string, unknown>) =>
    env.DB.prepare(
      `insert into breeder_list (_id, "order", dino, server, field_colors, "values", version, last_updated) values (?, ?, ?, '2411', '{}', ?, 2, ?)`,
    ).bind(id, order, dino, JSON.stringify(values), Date.now());
  await env.DB.batch([insert(REX, 0, "Rex", { HP: 45, notes: "keep" }), insert(GIGA, 1, "Giga", { HP: 60 })]);
  await env.DB.prepare(
    `insert into item_images (scope, name, image_url) values ('dino', 'Spino', 'https://img.example/spino.png')`,
  ).run();
}
const signedIn = async () => {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  return browser;
};
const list = async (browser: Browser) =>
  (await (await browser.fetch("/api/breeder-list")).json()) as Record<string, unknown>[];
const audits = async () =>
  (await env.DB.prepare("select * from audit_log where entity = 'breeder_list'").all<Record<string, string>>()).results;

describe("POST /api/breeder-list/import", () => {
  it("changes and adds rows in one batch, with one audit entry and one live event", async () => {
    await seed();
    const browser = await signedIn();
    const live = await listen(browser);
    const res = await browser.fetch(
      "/api/breeder-list/import",
      json({
        update: [{ _id: REX, version: 2, fields: { HP: 50, Stam: 30 } }],
        create: [{ Dino: "Spino", HP: 33 }, { Dino: "Ptera" }],
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 2, updated: 1 });
    expect(await live.next("breeder_list_update")).toEqual(
      stamped({ type: "breeder_list_update", message: "Breeder list: 3 rows imported", count: 3 }),
    );
    live.close();
    const rows = await list(browser);
    expect(rows.map((r) => [r.Dino, r.HP, r.order])).toEqual([
      ["Rex", 50, 0],
      ["Giga", 60, 1],
      ["Spino", 33, 2],
      ["Ptera", null, 3],
    ]);
    expect(rows[0]).toMatchObject({ Stam: 30, notes: "keep", version: 3 });
    expect(rows[2]).toMatchObject({ imageUrl: "https://img.example/spino.png", version: 1 });
    expect(await audits()).toEqual([expect.objectContaining({ action: "import", entity_id: null })]);
  });

  it("changes nothing when a row moved on since it was read, and refuses bad rows by field", async () => {
    await seed();
    const browser = await signedIn();
    const stale = await browser.fetch(
      "/api/breeder-list/import",
      json({ update: [{ _id: REX, version: 1, fields: { HP: 1 } }], create: [{ Dino: "Spino" }] }),
    );
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      "Rex changed since the preview: preview the import again.",
    );
    const bad = await browser.fetch("/api/breeder-list/import", json({ create: [{ Dino: "Spino", HP: "lots" }] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toMatch(/^create\.0\.HP/);
    expect((await list(browser)).map((r) => [r.Dino, r.HP])).toEqual([
      ["Rex", 45],
      ["Giga", 60],
    ]);
    expect(await audits()).toEqual([]);
  });
});

describe("the import page's action", () => {
  const post = (browser: Browser, fields: Record<string, string | string[] | File>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields))
      for (const one of v instanceof File ? [v] : [v].flat()) form.append(k, one);
    return browser.fetch(
      "/dashboard/breeder-stats/import?_data=routes%2F_shell.dashboard.breeder-stats_.import",
      fromPage({ method: "POST", body: form }),
    );
  };

  it("previews a pasted sheet, then applies it and goes back to the list with a toast", async () => {
    await seed();
    const browser = await signedIn();
    const text = ["Dino\tHP\tNotes", "Rex\t52\tkeep", "Spino\t30\t", "Raptor\tlots\t"].join("\n");
    const preview = await post(browser, { intent: "preview", text });
    expect(preview.status).toBe(200);
    const answer = (await preview.json()) as {
      counts: Record<string, number>;
      mapping: (string | null)[];
      refused: { reason: string }[];
    };
    expect(answer.counts).toEqual({ update: 1, create: 1, unchanged: 0, refused: 1 });
    expect(answer.mapping).toEqual(["Dino", "HP", "notes"]);
    expect(answer.refused[0].reason).toBe("HP must be a number");
    expect((await list(browser)).find((r) => r.Dino === "Rex")!.HP).toBe(45); // a preview writes nothing

    const applied = await post(browser, { intent: "apply", text, map: ["Dino", "HP", ""] });
    expect(applied.status).toBe(204);
    expect(applied.headers.get("X-Remix-Redirect")).toBe("/dashboard/breeder-stats?tab=breeder-list");
    const rows = await list(browser);
    expect(rows.map((r) => [r.Dino, r.HP])).toEqual([
      ["Rex", 52],
      ["Giga", 60],
      ["Spino", 30],
    ]);
  });

  it("says clearly what it cannot read, and changes nothing", async () => {
    await seed();
    const browser = await signedIn();
    const empty = await post(browser, { intent: "preview", text: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe(
      "Nothing to import: the first line names the columns, then one row per line.",
    );
    const unmapped = await post(browser, { intent: "preview", text: "Colour\tSize\nred\t3" });
    expect(((await unmapped.json()) as { error: string }).error).toBe(
      "Map a column to Dino (or to ID), so each row can be matched to the sheet.",
    );
    const xlsx = await post(browser, {
      intent: "preview",
      file: new File([new Uint8Array([80, 75, 3, 4])], "tribe.xlsx"),
    });
    expect(((await xlsx.json()) as { error: string }).error).toBe(
      "An Excel file is read in the browser: turn JavaScript on, or save the sheet as CSV and upload that.",
    );
    expect((await list(browser)).length).toBe(2);
  });

  it("reads an uploaded CSV file without JavaScript", async () => {
    await seed();
    const browser = await signedIn();
    const file = new File(["Dino,HP\r\nGiga,61\r\n"], "sheet.csv", { type: "text/csv" });
    const preview = await post(browser, { intent: "preview", file });
    const answer = (await preview.json()) as { counts: Record<string, number>; text: string };
    expect(answer.counts).toEqual({ update: 1, create: 0, unchanged: 0, refused: 0 });
    expect(answer.text).toBe("Dino,HP\r\nGiga,61\r\n"); // carried to the next post in the form's text
  });
});
