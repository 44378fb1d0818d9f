// Reading and remembering a page's tab on the server (the hook keeps local storage in step in the browser).
import { describe, expect, it } from "vitest";
import { readRememberedTab, rememberedTabCookie } from "./remembered-tab";

const TABS = ["alpha", "beta", "gamma"] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: unknown): v is Tab => typeof v === "string" && (TABS as readonly string[]).includes(v);
const OPTIONS = { cookie: "demo-tab", path: "/dashboard/demo", isTab, fallback: "alpha" as Tab };

const request = (search: string, cookie?: string) =>
  new Request(`https://dash.example/dashboard/demo${search}`, cookie ? { headers: { Cookie: cookie } } : undefined);

describe("readRememberedTab", () => {
  it("takes ?tab= first and remembers it for a year, on this page only", () => {
    expect(readRememberedTab(request("?tab=beta"), OPTIONS)).toEqual({
      tab: "beta",
      hasTabParam: true,
      headers: { "Set-Cookie": "demo-tab=beta; Path=/dashboard/demo; Max-Age=31536000; SameSite=Lax" },
    });
  });

  it("does not set the cookie again when it already holds the tab", () => {
    expect(readRememberedTab(request("?tab=beta", "other=1; demo-tab=beta"), OPTIONS)).toEqual({
      tab: "beta",
      hasTabParam: true,
      headers: {},
    });
  });

  it("without ?tab=, uses the remembered tab when it is a valid one, else the default", () => {
    expect(readRememberedTab(request("", "demo-tab=gamma"), OPTIONS)).toEqual({
      tab: "gamma",
      hasTabParam: false,
      headers: {},
    });
    expect(readRememberedTab(request("", "demo-tab=nonsense"), OPTIONS)).toEqual({
      tab: "alpha",
      hasTabParam: false,
      headers: {},
    });
    expect(readRememberedTab(request("?tab=nonsense", "demo-tab=gamma"), OPTIONS)).toEqual({
      tab: "gamma",
      hasTabParam: false,
      headers: {},
    });
    expect(readRememberedTab(request(""), OPTIONS).tab).toBe("alpha");
  });

  it("writes the cookie the three pages have always written", () => {
    expect(rememberedTabCookie("tribelist-tab", "2573", "/dashboard/tribelists")).toBe(
      "tribelist-tab=2573; Path=/dashboard/tribelists; Max-Age=31536000; SameSite=Lax",
    );
  });
});
