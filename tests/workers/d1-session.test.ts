// D1's Sessions API (ADR 036): every request reaches D1 through one session, started anywhere for a read and at the
// primary for a write, or at the bookmark the request brings; the answer hands back the newer bookmark (a cookie for
// browsers, X-D1-Bookmark on the API) so the next request reads the writes of this one.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, isBookmark } from "#worker/platform/d1-session";
import { Browser, MEMBER, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
let sessions: MockInstance<D1Database["withSession"]>;
beforeEach(() => {
  outbound = routeOutboundToSelf();
  sessions = vi.spyOn(env.DB, "withSession");
});
afterEach(() => {
  sessions.mockRestore();
  outbound.mockRestore();
});

/** What each D1 session of the requests made while `run` ran was started at. */
async function startsDuring(run: () => Promise<unknown>) {
  sessions.mockClear();
  await run();
  return sessions.mock.calls.map(([start]) => start);
}

const setCookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

describe("D1 sessions", () => {
  it("starts a read anywhere and a write at the primary, and sends no statement past the session", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    browser.cookies.delete(BOOKMARK_COOKIE);
    const direct = vi.spyOn(env.DB, "prepare");
    expect(await startsDuring(() => browser.fetch("/dashboard/codes"))).toEqual(["first-unconstrained"]);
    browser.cookies.delete(BOOKMARK_COOKIE);
    const save = () =>
      browser.fetch("/api/codes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"username":"Bookmark","code":"1"}',
      });
    expect(await startsDuring(async () => expect((await save()).status).toBe(201))).toEqual(["first-primary"]);
    expect(direct).not.toHaveBeenCalled();
    direct.mockRestore();
  });

  it("hands back the bookmark after a write, and the next request reads from it and sees the write", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const created = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "Read my write", code: "4242" }),
    });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get(BOOKMARK_HEADER);
    expect(isBookmark(bookmark)).toBe(true);
    expect(setCookieOf(created, BOOKMARK_COOKIE)).toMatch(
      new RegExp(`^${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax`),
    );
    expect(browser.cookies.get(BOOKMARK_COOKIE)).toBe(bookmark);

    let page: Response | undefined;
    expect(
      await startsDuring(async () => (page = await browser.fetch("/dashboard/codes?q=Read%20my%20write"))),
    ).toEqual([bookmark]);
    expect(page!.status).toBe(200);
    expect(await page!.text()).toContain("Read my write");
    // The bookmark only moves forward (D1 bookmarks are fixed-width hex groups: their order is the text's).
    expect(browser.cookies.get(BOOKMARK_COOKIE)! >= bookmark!).toBe(true);
  });

  it("takes an API client's bookmark from X-D1-Bookmark before the cookie", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const created = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"Header","code":"7"}',
    });
    const bookmark = created.headers.get(BOOKMARK_HEADER)!;
    browser.cookies.delete(BOOKMARK_COOKIE);
    expect(
      await startsDuring(() =>
        browser.fetch("/api/codes/search?q=Header", { headers: { [BOOKMARK_HEADER]: bookmark } }),
      ),
    ).toEqual([bookmark]);
  });

  it("ignores a bookmark that is not one: the request starts afresh and is answered", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    for (const forged of ["'; drop table codes; --", "x".repeat(300), "zz-top"]) {
      browser.cookies.set(BOOKMARK_COOKIE, encodeURIComponent(forged));
      let res: Response | undefined;
      expect(
        await startsDuring(
          async () =>
            (res = await browser.fetch("/api/codes/search?q=a", {
              headers: { [BOOKMARK_HEADER]: forged.slice(0, 200) },
            })),
        ),
      ).toEqual(["first-unconstrained"]);
      expect(res!.status).toBe(200);
    }
  });
});
