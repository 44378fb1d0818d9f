// The 2411 Stock page's action, through the Worker as a fetcher or a form calls it: the version check between two
// officers, the no-JavaScript row form's numeric parsing, order, colours and images.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dataPath, location, MEMBER, MEMBER_NO_DISPLAY_NAME, signedIn, toastOf } from "./helpers";
import { addRow, cells, vault } from "./stock-fixtures";
import { withStockPage, PAGE, SECOND, stored, Data, load, act } from "./stock-page-fixtures";

withStockPage();

describe("saving through the page's action", () => {
  it("refuses a row another officer saved since it was loaded, naming who and when, and saves the others", async () => {
    const x = await addRow("war-room-vaults", vault("Element", [350, 350], 700), { order: 0 });
    const y = await addRow("war-room-vaults", vault("Polymer", [100], 350), { order: 1 });
    const rex = await signedIn(MEMBER);
    const tek = await signedIn(SECOND);
    const seenByRex = await load(rex);
    const seenByTek = await load(tek);
    const version = (d: Data, id: string) => d.page.rows.find((r) => r._id === id)!.version;

    // Tek saves row X first.
    const first = await act(tek, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([
        { _id: x, version: version(seenByTek, x), fields: { counts: cells(18, [350, 350, 200]) } },
      ]),
    });
    expect(first.body).toMatchObject({ saved: [x], conflicts: [], failed: [] });

    // Rex saves X (from the version he loaded) and Y: Y is saved, X is refused with a message naming Tek Breeder.
    const second = await act(rex, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([
        { _id: x, version: version(seenByRex, x), fields: { counts: cells(18, [1, 350]) } },
        { _id: y, version: version(seenByRex, y), fields: { todo: "Craft 50" } },
      ]),
    });
    expect(second.body.saved).toEqual([y]);
    const conflicts = second.body.conflicts as { _id: string; message: string; version: number }[];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]._id).toBe(x);
    expect(conflicts[0].message).toMatch(/^Element was changed by Tek Breeder at \d{4}-\d\d-\d\dT/);
    expect(conflicts[0].version).toBe(2);
    expect((await stored(x)).data.counts).toEqual(cells(18, [350, 350, 200])); // Tek's save stands
    expect((await stored(y)).data.todo).toBe("Craft 50");
    expect((await stored(y)).updated_by).toBe("Rex Rider");

    // Applied again on purpose (the current version), Rex's value is saved.
    const third = await act(rex, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([{ _id: x, version: 2, fields: { counts: cells(18, [1, 350, 200]) } }]),
    });
    expect(third.body).toMatchObject({ saved: [x], conflicts: [] });
    expect((await stored(x)).data.counts).toEqual(cells(18, [1, 350, 200]));
  });

  it("records the username as the editor when there is no display name", async () => {
    const x = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null });
    const keeper = await signedIn(MEMBER_NO_DISPLAY_NAME);
    await act(keeper, {
      intent: "save",
      tab: "defense-room-dedis",
      rows: JSON.stringify([{ _id: x, version: 1, fields: { currentStock: 5 } }]),
    });
    expect((await stored(x)).updated_by).toBe("vaultkeeper");
  });

  it("parses the no-JavaScript row form by the sheet's rules and saves only the changed cells", async () => {
    const x = await addRow("war-room-dedis", {
      item: "Polymer",
      currentStock: 80,
      previousStock: 120,
      target: 300,
      todo: "Farm",
    });
    const rex = await signedIn();
    const form = (values: Record<string, string>, was: Record<string, string>, version = "1") => ({
      intent: "save-row",
      tab: "war-room-dedis",
      _id: x,
      version,
      redirectTo: `${PAGE}?tab=war-room-dedis&edit=${x}`,
      ...values,
      ...Object.fromEntries(Object.entries(was).map(([k, v]) => [`was:${k}`, v])),
    });
    const was = { item: "Polymer", currentStock: "80", previousStock: "120", target: "300", todo: "Farm" };
    const res = await rex.post(
      PAGE,
      form({ item: "Polymer", currentStock: "", previousStock: "1,250", target: "lots", todo: "Farm" }, was),
    );
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`${PAGE}?tab=war-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Successfully saved 1 changes!" });
    const row = await stored(x);
    expect(row.data).toMatchObject({
      item: "Polymer",
      currentStock: null,
      previousStock: 1250,
      target: 0,
      todo: "Farm",
    });
    expect(row.updated_by).toBe("Rex Rider");

    // Nothing changed: nothing saved.
    const same = { item: "Polymer", currentStock: "", previousStock: "1250", target: "0", todo: "Farm" };
    await rex.post(PAGE, form(same, same, "2"));
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "No changes to save" });

    // A name may not be emptied.
    const empty = await rex.post(dataPath(PAGE), form({ ...same, item: " " }, same, "2"));
    expect(empty.status).toBe(400);
    expect((await empty.json<{ error: string }>()).error).toBe("Item Name is required.");
    // Nor made longer than a name can be; nothing is saved.
    const long = await rex.post(dataPath(PAGE), form({ ...same, item: "x".repeat(201) }, same, "2"));
    expect(long.status).toBe(400);
    expect((await long.json<{ error: string }>()).error).toBe("Item Name can be at most 200 characters.");
    expect((await stored(x)).data.item).toBe("Polymer");
  });

  it("refuses a stale row form and hands back the typed values with the current version", async () => {
    const x = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null });
    const rex = await signedIn();
    const tek = await signedIn(SECOND);
    await act(tek, {
      intent: "save",
      tab: "defense-room-dedis",
      rows: JSON.stringify([{ _id: x, version: 1, fields: { maxStock: 50 } }]),
    });
    const res = await rex.post(dataPath(PAGE), {
      intent: "save-row",
      tab: "defense-room-dedis",
      _id: x,
      version: "1",
      redirectTo: `${PAGE}?tab=defense-room-dedis&edit=${x}`,
      item: "Crystal",
      "was:item": "Crystal",
      currentStock: "7",
      "was:currentStock": "1",
      maxStock: "10",
      "was:maxStock": "10",
    });
    expect(res.status).toBe(409);
    const body = await res.json<{ conflict: string; values: Record<string, string>; version: number }>();
    expect(body.conflict).toMatch(/^Crystal was changed by Tek Breeder at /);
    expect(body.values).toEqual({ currentStock: "7" }); // only what Rex changed
    expect(body.version).toBe(2);
    expect((await stored(x)).data).toMatchObject({ currentStock: 1, maxStock: 50 });
    // Saved again with the current version: Rex's cell and Tek's cell both stand.
    await rex.post(PAGE, {
      intent: "save-row",
      tab: "defense-room-dedis",
      _id: x,
      version: "2",
      redirectTo: PAGE,
      currentStock: "7",
      "was:currentStock": "1",
      maxStock: "50",
      "was:maxStock": "50",
    });
    expect((await stored(x)).data).toMatchObject({ currentStock: 7, maxStock: 50 });
  });
});

describe("order, colours and images", () => {
  it("saves a reordered page into its slots of the whole tab", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await addRow(
          "admin-logistics-dedis",
          { item: `Item ${i}`, currentStock: i, maxStock: 10, todo: null },
          { order: i },
        ),
      );
    const rex = await signedIn();
    // A search showed rows 1, 3 and 4; they were dragged into the order 4, 1, 3.
    const res = await act(rex, {
      intent: "order",
      tab: "admin-logistics-dedis",
      ids: JSON.stringify([ids[4], ids[1], ids[3]]),
    });
    expect(res.body).toMatchObject({ ok: true, message: "Order saved successfully!" });
    expect((await load(rex, "?tab=admin-logistics-dedis")).allIds).toEqual([ids[0], ids[4], ids[2], ids[1], ids[3]]);
  });

  it("moves a row one place up or down without JavaScript, and says when it cannot", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await addRow(
          "defense-room-dedis",
          { item: `Item ${i}`, currentStock: i, maxStock: 10, todo: null },
          { order: i },
        ),
      );
    const rex = await signedIn();
    // The buttons are in the row being edited (ADR 055): a move comes back to it, still open, to move again.
    const back = `${PAGE}?tab=defense-room-dedis&q=Item&page=1&edit=${ids[2]}`;
    const move = (_id: string, direction: string) =>
      rex.post(PAGE, { intent: "move", tab: "defense-room-dedis", _id, direction, redirectTo: back });
    const order = async () => (await load(rex, "?tab=defense-room-dedis")).allIds;

    const res = await move(ids[2], "up");
    expect(location(res)).toBe(back);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Order saved successfully!" });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);

    await move(ids[0], "down");
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);

    // At either end nothing changes.
    await move(ids[2], "up");
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "This row is already the first." });
    await move(ids[1], "down");
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "This row is already the last." });
    await move(ids[1], "sideways");
    expect(await toastOf(rex)).toEqual({ type: "error", message: "Failed to save order" });
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
  });

  it("colours a whole row or one of its columns from the no-JavaScript row form", async () => {
    const x = await addRow("defense-room-dedis", { item: "Cryopod", currentStock: 5, maxStock: 10, todo: null });
    const rex = await signedIn();
    const back = `${PAGE}?tab=defense-room-dedis&edit=${x}`;
    const colour = (fields: Record<string, string>) =>
      rex.post(PAGE, { intent: "colour", tab: "defense-room-dedis", _id: x, redirectTo: back, ...fields });

    const res = await colour({ colour: "#2F9E44", target: "" });
    expect(location(res)).toBe(`${PAGE}?tab=defense-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Text color saved." });
    expect((await stored(x)).text_color).toBe("#2f9e44");

    await colour({ colour: "#E03131", target: "currentStock" });
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Text color saved." });
    expect((await stored(x)).field_colors).toEqual({ currentStock: "#e03131" });

    // A column the tab does not have, or no colour: refused, nothing changed.
    await colour({ colour: "#E03131", target: "nope" });
    expect(await toastOf(rex)).toEqual({ type: "error", message: "An error occurred while saving the text color." });
    await colour({ colour: "green", target: "" });
    expect(await toastOf(rex)).toEqual({ type: "error", message: "An error occurred while saving the text color." });
    const row = await stored(x);
    expect(row.field_colors).toEqual({ currentStock: "#e03131" });
    expect(row.text_color).toBe("#2f9e44");
  });

  it("colours selected cells (fieldColors) and whole rows (textColor)", async () => {
    const x = await addRow("admin-logistic-vaults", {
      item: "Narcotic",
      counts: cells(12, [350]),
      target: 350,
      todo: null,
    });
    const y = await addRow(
      "admin-logistic-vaults",
      { item: "Stimulant", counts: cells(12), target: 350, todo: null },
      { order: 1 },
    );
    const rex = await signedIn();
    const res = await act(rex, {
      intent: "colour",
      tab: "admin-logistic-vaults",
      colour: "#C2255C",
      cells: JSON.stringify([{ _id: x, columns: ["count1", "stock"] }]),
      rows: JSON.stringify([y]),
    });
    expect(res.body).toMatchObject({ ok: true, count: 2 });
    expect((await stored(x)).field_colors).toEqual({ count1: "#c2255c", stock: "#c2255c" });
    expect((await stored(y)).text_color).toBe("#c2255c");
    const bad = await act(rex, {
      intent: "colour",
      tab: "admin-logistic-vaults",
      colour: "red",
      cells: "[]",
      rows: "[]",
    });
    expect(bad.body.error).toBe("An error occurred while saving the text color.");
  });

  it("checks the Add Item Image form, reduces a pasted wiki link and updates every tab on request", async () => {
    await addRow("war-room-dedis", {
      item: "Metal Ingot",
      currentStock: 1,
      previousStock: null,
      target: 100,
      todo: null,
    });
    await addRow("defense-room-dedis", { item: "Metal Ingot", currentStock: 1, maxStock: 10, todo: null });
    await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null }, { order: 1 });
    const rex = await signedIn();
    const image = (fields: Record<string, string>) => act(rex, { intent: "image", tab: "war-room-dedis", ...fields });

    expect((await image({ itemName: "", imageUrl: "https://x.example/a.png" })).body.error).toBe(
      "Please fill in both item name and image URL",
    );
    expect((await image({ itemName: "Crystal", imageUrl: "https://x.example/a.png" })).body.error).toBe(
      "Item not found. Please make sure you're on the correct tab and enter the exact item name as it appears in the table.",
    );
    const one = await image({ itemName: "Metal Ingot", imageUrl: "https://x.example/ingot.jpg" });
    expect(one.body).toMatchObject({ ok: true, message: "Image added successfully for Metal Ingot!" });

    const all = await image({
      itemName: "Metal Ingot",
      imageUrl: "look: https://ark.wiki.gg/images/thumb/4/4c/Metal_Ingot.png/120px-Metal_Ingot.png?x=1",
      updateAllMatching: "true",
    });
    expect(all.body).toMatchObject({
      ok: true,
      message: "Image updated successfully for 2 items with name Metal Ingot across all tabs!",
    });
    const urls = await env.DB.prepare(
      "select tab, image_url from stock_items where json_extract(data, '$.item') = 'Metal Ingot' order by tab",
    ).all();
    expect(urls.results).toEqual([
      { tab: "defense-room-dedis", image_url: "https://ark.wiki.gg/images/4/4c/Metal_Ingot.png" },
      { tab: "war-room-dedis", image_url: "https://ark.wiki.gg/images/4/4c/Metal_Ingot.png" },
    ]);

    // Without JavaScript a success comes back as a redirect with the toast.
    const res = await rex.post(PAGE, {
      intent: "image",
      tab: "war-room-dedis",
      itemName: "Metal Ingot",
      imageUrl: "https://x.example/b.png",
      redirectTo: `${PAGE}?tab=war-room-dedis&dialog=image`,
    });
    expect(location(res)).toBe(`${PAGE}?tab=war-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Image added successfully for Metal Ingot!" });
  });
});
