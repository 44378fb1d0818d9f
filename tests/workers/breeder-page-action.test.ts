// The Breeder page's action inside workerd, through the Worker as a browser (or a fetcher) reaches it: the two dialogs,
// the side tables' edits, and the host's refusals in the page's words.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, dataPath, FETCHER_FIELDS, location, signedIn, toastOf } from "./helpers";
import { withBreederPage, PAGE, UPDATED, create, load, act, ffaRows, breederRows } from "./breeder-page-fixtures";

withBreederPage();

describe("the Breeder action: dialogs", () => {
  async function seed(browser: Browser) {
    const rex = await create<{ _id: string }>(browser, "/api/breeder-list", { Dino: "Rex" });
    const rex2 = await create<{ _id: string }>(browser, "/api/breeder-list", { Dino: "Rex" });
    const giga = await create<{ _id: string }>(browser, "/api/breeder-list", { Dino: "Giganotosaurus" });
    return { rex: rex._id, rex2: rex2._id, giga: giga._id };
  }

  it("adds a dino image to the first row of that dino, or to all of them, and refuses what the product refuses", async () => {
    const rex = await signedIn();
    const ids = await seed(rex);
    const image = (fields: Record<string, string>) => act(rex, { intent: "image", ...fields });

    const missing = await image({ itemName: "Rex", imageUrl: "  " });
    expect(missing).toMatchObject({ status: 400, body: { error: "Please fill in both item name and image URL" } });
    const unknown = await image({ itemName: "Raptor", imageUrl: "https://x.example/raptor.png" });
    expect(unknown.body.error).toBe("Item not found. Please make sure you select a valid dino from the dropdown.");
    const badUrl = await image({ itemName: "Rex", imageUrl: "ftp://x.example/rex.png" });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toBe("Failed to add image for Rex: Image URL must be an http or https URL");
    expect((await breederRows()).every((r) => r.image_url === null)).toBe(true);

    const one = await image({ itemName: "Rex", imageUrl: "https://x.example/rex.png", updateAllMatching: "false" });
    expect(one.body).toMatchObject({
      ok: true,
      message: "Image added successfully for Rex!",
      toast: { type: "success" },
    });
    expect((await breederRows()).map((r) => [r._id, r.image_url])).toEqual([
      [ids.rex, "https://x.example/rex.png"],
      [ids.rex2, null],
      [ids.giga, null],
    ]);
    const all = await image({ itemName: "Rex", imageUrl: "https://x.example/rex2.png", updateAllMatching: "true" });
    expect(all.body.message).toBe("Image updated successfully for 2 entries with name Rex!");
    expect((await breederRows()).map((r) => r.image_url)).toEqual([
      "https://x.example/rex2.png",
      "https://x.example/rex2.png",
      null,
    ]);

    // Without JavaScript: a success redirects back (the dialog closed) with the toast; a refusal draws the dialog again.
    const res = await rex.post(`${PAGE}?tab=ffa-raising&dialog=image`, {
      intent: "image",
      itemName: "Giganotosaurus",
      imageUrl: "https://x.example/giga.png",
      updateAllMatching: "on",
      redirectTo: `${PAGE}?tab=ffa-raising&dialog=image`,
    });
    expect(location(res)).toBe(`${PAGE}?tab=ffa-raising`);
    expect(await toastOf(rex)).toEqual({
      type: "success",
      message: "Image updated successfully for 1 entry with name Giganotosaurus!",
    });
    const refused = await rex.post(dataPath(`${PAGE}?dialog=image`), {
      intent: "image",
      itemName: "",
      imageUrl: "https://x.example/a.png",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      intent: "image",
      error: "Please fill in both item name and image URL",
      values: { itemName: "", imageUrl: "https://x.example/a.png", updateAllMatching: false },
    });
    const page = await rex.post(`${PAGE}?dialog=image`, {
      intent: "image",
      itemName: "Raptor",
      imageUrl: "https://x.example/a.png",
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Add Dino Image");
    expect(html).toContain("Item not found. Please make sure you select a valid dino from the dropdown.");
  });

  it("maps a dino to a Discord role, and shows the host's refusal of an id that is not a Discord id", async () => {
    const rex = await signedIn();
    await seed(rex);
    const mapping = (fields: Record<string, string>) => act(rex, { intent: "mapping", ...fields });
    expect((await mapping({ itemName: "", roleId: "123456789012345678" })).body.error).toBe(
      "Please fill in both item name and role ID",
    );
    expect((await mapping({ itemName: "Rex", roleId: " " })).body.error).toBe(
      "Please fill in both item name and role ID",
    );
    expect((await mapping({ itemName: "Raptor", roleId: "123456789012345678" })).body.error).toBe(
      "Item not found. Please make sure you select a valid dino from the dropdown.",
    );
    const bad = await mapping({ itemName: "Rex", roleId: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Failed to add role mapping for Rex: Role ID must be a Discord id (17 to 20 digits)");
    expect((await breederRows()).every((r) => r.role_id === null)).toBe(true);

    const ok = await mapping({ itemName: "Rex", roleId: " 123456789012345678 " });
    expect(ok.body).toMatchObject({ ok: true, message: "Discord role mapping saved for Rex!" });
    expect((await breederRows()).map((r) => r.role_id)).toEqual(["123456789012345678", "123456789012345678", null]);
    const mapped = await env.DB.prepare("select dino, role_id from role_mappings").all();
    expect(mapped.results).toEqual([{ dino: "Rex", role_id: "123456789012345678" }]);

    const res = await rex.post(PAGE, {
      intent: "mapping",
      itemName: "Giganotosaurus",
      roleId: "223456789012345678",
      redirectTo: `${PAGE}?dialog=mapping`,
    });
    expect(location(res)).toBe(PAGE);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Discord role mapping saved for Giganotosaurus!" });
  });

  it("answers an unknown intent with 400 and says so", async () => {
    const rex = await signedIn();
    const res = await act(rex, { intent: "explode" });
    expect(res).toMatchObject({ status: 400, body: { error: 'Unknown action: "explode".' } });
    expect((await act(rex, {})).body.error).toBe("Unknown action: no intent.");
  });
});

describe("the Breeder action: side tables", () => {
  it("saves one FFA field at once from a cell, keeps other statuses, and refuses what the host refuses", async () => {
    const rex = await signedIn();
    const row = await create<{ _id: string }>(rex, "/api/ffa-raising", {
      breeder: "Tek",
      creature: "Rex",
      server: "2411",
    });
    const edit = (fields: Record<string, string>) => act(rex, { intent: "ffa", _id: row._id, ...fields });

    const status = await edit({ status: "Completed", "was:status": "In Progress" });
    // Not "announced": the member's own live event is quiet, so the answer's toast is the one they see.
    expect(status).toMatchObject({ status: 200, body: { ok: true, toast: { type: "success", message: UPDATED } } });
    expect(status.body.announced).toBeUndefined();
    const notes = await edit({ notes: "imprint 100%", "was:notes": "" });
    expect(notes.body.ok).toBe(true);
    const custom = await edit({ status: "On hold", "was:status": "Completed" });
    expect(custom.body.ok).toBe(true);
    expect(await ffaRows()).toMatchObject([{ status: "On hold", notes: "imprint 100%", breeder: "Tek" }]);
    expect((await load(rex, "?tab=ffa-raising")).ffa!.page.rows[0]).toMatchObject({
      status: "On hold",
      notes: "imprint 100%",
    });

    // Nothing changed: nothing sent.
    const same = await edit({ notes: "imprint 100%", "was:notes": "imprint 100%" });
    expect(same.body).toMatchObject({ ok: true, toast: { type: "warning", message: "No changes to save" } });

    const long = await edit({ notes: "x".repeat(2001), "was:notes": "imprint 100%" });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      error: "Notes is at most 2000 characters.",
      toast: { type: "error", message: "Notes is at most 2000 characters." },
    });
    expect((await ffaRows())[0].notes).toBe("imprint 100%");

    const gone = await act(rex, { intent: "ffa", _id: "ffffffffffffffffffffffff", notes: "x" });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe("Failed to save the FFA raising. Please try again. It no longer exists.");
    const badId = await act(rex, { intent: "ffa", _id: "1; drop table", notes: "x" });
    expect(badId).toMatchObject({ status: 400, body: { error: 'No such entry: "1; drop table" is not an entry id.' } });
    const noField = await act(rex, { intent: "ffa", _id: row._id, color: "red" });
    expect(noField.status).toBe(400);
    expect(noField.body.error).toMatch(/^Nothing to save: the form names none of breeder, creature/);

    // A signed-out post changes nothing.
    const anonymous = await new Browser().post(dataPath(PAGE), {
      intent: "ffa",
      _id: row._id,
      notes: "hacked",
      ...FETCHER_FIELDS,
    });
    expect(anonymous.headers.get("X-Remix-Redirect")).toMatch(/^\/login/);
    expect((await ffaRows())[0].notes).toBe("imprint 100%");
  });

  it("saves the changed fields of a no-JavaScript row form, and draws a refused one again with what was typed", async () => {
    const rex = await signedIn();
    const row = await create<{ _id: string }>(rex, "/api/codes-given-to", {
      breeder: "Tek",
      code: "GC-1",
      server: "2411",
    });
    const back = `${PAGE}?tab=codes-given-to&q=tek&edit=${row._id}`;
    const form = (over: Record<string, string>) => ({
      intent: "code",
      _id: row._id,
      redirectTo: back,
      breeder: "Tek",
      "was:breeder": "Tek",
      code: "GC-1",
      "was:code": "GC-1",
      server: "2411",
      "was:server": "2411",
      dateGiven: "",
      "was:dateGiven": "",
      status: "Active",
      "was:status": "Active",
      notes: "",
      "was:notes": "",
      ...over,
    });
    const res = await rex.post(back, form({ status: "Revoked", dateGiven: "3/2/2026" }));
    expect(location(res)).toBe(`${PAGE}?tab=codes-given-to&q=tek`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: UPDATED });
    const stored = await env.DB.prepare("select * from codes_given").first<Record<string, unknown>>();
    expect(stored).toMatchObject({ status: "Revoked", date_given: "3/2/2026", code: "GC-1" });
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where entity = 'codes_given' and action = 'update'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(2); // one PATCH per changed field

    const refused = await rex.post(back, form({ code: "c".repeat(101), "was:status": "Revoked", status: "Revoked" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Code is at most 100 characters.");
    expect(html).toContain("c".repeat(101));
    expect((await env.DB.prepare("select code from codes_given").first<{ code: string }>())!.code).toBe("GC-1");
    // A form with a good change (sent first, in column order) and a refused one saves neither.
    const mixed = await rex.post(back, form({ code: "GC-2", notes: "n".repeat(2001) }));
    expect(mixed.status).toBe(400);
    expect(await mixed.text()).toContain("Notes is at most 2000 characters.");
    expect((await env.DB.prepare("select code from codes_given").first<{ code: string }>())!.code).toBe("GC-1");
  });
});
