import { describe, expect, it } from "vitest";
import { HostError } from "#app/host/client.server";
import { FETCHER_FIELDS } from "./action";
import { backTo, hostFieldErrors, hostIssues, isFetcher, refuse, reply } from "./action.server";
import { labelled } from "./forms";
import { toastCookie } from "./toast.server";

const SECRETS = ["unit-test-secret-0123456789"];
const context = { config: { SESSION_SECRETS: SECRETS } } as Parameters<typeof reply>[0]["context"];
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};
const io = (fields: Record<string, string>) => ({
  request: new Request("http://localhost/dashboard/codes", { method: "POST" }),
  context,
  form: formOf(fields),
});

describe("backTo", () => {
  const PAGE = "/dashboard/codes";

  it("comes back to the page's own URL with its query state, the closed states and Remix's parameters dropped", () => {
    const form = formOf({ redirectTo: `${PAGE}?q=rex&page=2&size=50&edit=abc&confirm=delete&id=abc&_data=x&index` });
    expect(backTo(form, PAGE, { close: ["edit", "confirm", "id"] })).toBe(`${PAGE}?q=rex&page=2&size=50`);
    expect(backTo(formOf({ redirectTo: `${PAGE}?tab=2446&add=1` }), PAGE, { close: ["add"] })).toBe(`${PAGE}?tab=2446`);
  });

  it("never leaves the page: another page, another origin or a look-alike path becomes the fallback", () => {
    for (const redirectTo of [
      "/settings",
      "//evil.example/dashboard/codes",
      "https://evil.example/x",
      `${PAGE}-x`,
      `${PAGE}/x`,
      "\\\\evil",
    ]) {
      expect(backTo(formOf({ redirectTo }), PAGE)).toBe(PAGE);
    }
    expect(backTo(new FormData(), PAGE)).toBe(PAGE);
    expect(backTo(formOf({ redirectTo: "/settings" }), PAGE, { fallback: `${PAGE}?tab=2573` })).toBe(
      `${PAGE}?tab=2573`,
    );
  });
});

describe("reply", () => {
  it("answers a fetcher with JSON: the toast, the page's own fields, announced when the live event carries the words", async () => {
    expect(isFetcher(formOf(FETCHER_FIELDS))).toBe(true);
    expect(isFetcher(formOf({}))).toBe(false);
    const res = await reply(
      io({ ...FETCHER_FIELDS }),
      "/x",
      { type: "success", message: "Done." },
      { data: { ok: true }, announced: true },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, toast: { type: "success", message: "Done." }, announced: true });
    const refused = await reply(io({ ...FETCHER_FIELDS }), "/x", { type: "error", message: "No." }, { status: 400 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ toast: { type: "error", message: "No." } });
  });

  it("sends a form back to the page with the toast in the signed flash cookie", async () => {
    const res = await reply(
      io({}),
      "/dashboard/codes?q=a",
      { type: "warning", message: "Careful." },
      { replace: true },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/codes?q=a");
    expect(res.headers.get("X-Remix-Replace")).toBe("true");
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__toast=[^;]+\.[^;]+;/); // a value and its signature
    expect(await toastCookie(SECRETS).parse(cookie.split(";")[0])).toEqual({ type: "warning", message: "Careful." });
    expect(await toastCookie(["another-secret-0123456789"]).parse(cookie.split(";")[0])).toBeNull();
    const quiet = await reply(io({}), "/x", null);
    expect(quiet.headers.get("Set-Cookie")).toBeNull();
    expect(quiet.headers.get("X-Remix-Replace")).toBeNull();
  });

  it("refuses a form for its fields with 400, the errors, and the first as the fetcher's toast", async () => {
    const res = refuse(
      { name: "Name is required.", rank: "Rank must be Admin, Owner or none." },
      { data: { intent: "add" } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      intent: "add",
      toast: { type: "error", message: "Name is required." },
      errors: { name: "Name is required.", rank: "Rank must be Admin, Owner or none." },
    });
  });
});

describe("the host's validation answer", () => {
  const validation = new HostError(400, {
    error: "validation",
    message: "discordId: must be a Discord id (17 to 20 digits)",
    field: "discordId",
    issues: [
      { field: "discordId", message: "must be a Discord id (17 to 20 digits)" },
      { field: "order", message: "must be a number" },
      { field: "discordId", message: "a second problem" },
    ],
  });
  const wording = labelled(
    { name: "Name", discordId: "Discord ID" },
    { discordId: "Discord ID must be 17 to 20 digits, or empty." },
  );

  it("names each field's first problem in the page's words, and a field the form lacks in the API's", () => {
    expect(hostIssues(validation)).toHaveLength(3);
    expect(hostFieldErrors(validation, ["name", "discordId"], wording)).toEqual({
      discordId: "Discord ID must be 17 to 20 digits, or empty.",
      form: "order: must be a number",
    });
  });

  it("still says what is wrong when an external host sends no list of issues", () => {
    const named = new HostError(400, { error: "validation", message: "name: is required", field: "name" });
    expect(hostFieldErrors(named, ["name"], wording)).toEqual({ name: "Name is required." });
    const unnamed = new HostError(400, { error: "validation", message: "The entry is not valid." });
    expect(hostFieldErrors(unnamed, ["name"], wording)).toEqual({ form: "The entry is not valid." });
  });

  it("is not there when the host refused for another reason", () => {
    expect(
      hostFieldErrors(new HostError(404, { error: "not_found", message: "No entry." }), ["name"], wording),
    ).toBeNull();
    expect(hostFieldErrors(new HostError(400, { error: "bad_request" }), ["name"], wording)).toBeNull();
    expect(hostFieldErrors(new Error("network down"), ["name"], wording)).toBeNull();
  });
});
