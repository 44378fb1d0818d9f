// Route matching with the patched router (patches/@remix-run+router+*.patch, ADR 046): on a server, a routes array's
// flattened, ranked branches are computed once, each path's matcher is compiled once, and each path's matches are
// found once and handed out as copies. What must not change: every
// path finds the route it found before, call after call, each routes array answers with its own route objects, and a
// matcher keeps its case and end options apart. And the patched render (patches/react-router+*.patch, ADR 046): a
// server's render takes the matches its static handler found, and renders every path as before.
import { matchPath, matchRoutes, resolvePath, type AgnosticRouteObject } from "@remix-run/router";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { Link, Outlet, useParams, useRouteError, type RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/** A route table shaped like ours: a root, a pathless shell, static, dynamic and index routes. */
function table(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "login", path: "login" },
        {
          id: "shell",
          children: [
            { id: "dashboard", path: "dashboard", children: [{ id: "dashboard-index", index: true }] },
            { id: "codes", path: "dashboard/codes" },
            { id: "stock-2411", path: "dashboard/stock-2411" },
            { id: "server-stats", path: "dashboard/server-stats" },
            { id: "server-stats-page", path: "dashboard/server-stats-2573" },
            { id: "audit", path: "dashboard/audit/:entity/:id" },
          ],
        },
        { id: "api", path: "api/*" },
      ],
    },
  ];
}

const leaf = (routes: AgnosticRouteObject[], pathname: string) => {
  const matches = matchRoutes(routes, pathname);
  return matches ? { id: matches.at(-1)!.route.id, params: matches.at(-1)!.params } : null;
};

describe("route matching on the server", () => {
  const expected: [string, string | null, Record<string, string>?][] = [
    ["/", "index"],
    ["/login", "login"],
    ["/dashboard", "dashboard-index"],
    ["/dashboard/codes", "codes"],
    ["/dashboard/codes/", "codes"],
    ["/DASHBOARD/Codes", "codes"],
    ["/dashboard/stock-2411", "stock-2411"],
    ["/dashboard/server-stats", "server-stats"],
    ["/dashboard/server-stats-2573", "server-stats-page"],
    ["/dashboard/audit/codes/42", "audit", { entity: "codes", id: "42" }],
    ["/dashboard/audit/codes", null],
    ["/api/codes/search", "api", { "*": "codes/search" }],
    ["/nowhere", null],
  ];

  it("finds the same route for every path, call after call", () => {
    const routes = table();
    for (let round = 0; round < 3; round++) {
      for (const [pathname, id, params] of expected) {
        const found = leaf(routes, pathname);
        expect(found?.id ?? null, `${pathname}, round ${round}`).toBe(id);
        if (params) expect(found?.params).toMatchObject(params);
      }
    }
  });

  it("answers each routes array with its own route objects", () => {
    const first = table();
    const second = table();
    leaf(first, "/dashboard/codes");
    const fromSecond = matchRoutes(second, "/dashboard/codes")!;
    const codesOfSecond = (second[0].children![2].children as AgnosticRouteObject[])[1];
    expect(fromSecond.at(-1)!.route).toBe(codesOfSecond);
    expect(fromSecond[0].route).toBe(second[0]);
  });

  it("hands out each path's matches as a copy: what one caller changes, the next call does not see", () => {
    const routes = table();
    const first = matchRoutes(routes, "/dashboard/audit/codes/42")!;
    (first.at(-1)!.params as Record<string, string>).id = "changed";
    first.pop();
    const second = matchRoutes(routes, "/dashboard/audit/codes/42")!;
    expect(second.map((m) => m.route.id)).toEqual(["root", "shell", "audit"]);
    expect(second.at(-1)!.params).toEqual({ entity: "codes", id: "42" });
    // The matches of one path share one params object, as before the patch.
    expect(second[0].params).toBe(second.at(-1)!.params);
  });

  it("resolves a path from the root as before, with or without dot segments", () => {
    const resolved: [string, string][] = [
      ["/", "/"],
      ["/dashboard/codes", "/dashboard/codes"],
      ["/dashboard/codes/", "/dashboard/codes/"],
      ["/dashboard/./stock-2411/../codes", "/dashboard/codes"],
      ["/dashboard/../..", "/"],
      ["/avatars/default-1.svg", "/avatars/default-1.svg"],
    ];
    for (const [to, pathname] of resolved) expect(resolvePath(to).pathname, to).toBe(pathname);
    expect(resolvePath("/dashboard/codes?page=2#top")).toEqual({ pathname: "/dashboard/codes", search: "?page=2", hash: "#top" });
    expect(resolvePath("codes", "/dashboard").pathname).toBe("/dashboard/codes");
  });

  it("keeps a matcher's case and end options apart", () => {
    expect(matchPath({ path: "/Codes", caseSensitive: true }, "/codes")).toBeNull();
    expect(matchPath({ path: "/Codes", caseSensitive: false }, "/codes")?.pathname).toBe("/codes");
    expect(matchPath({ path: "/Codes", caseSensitive: true }, "/Codes")?.pathname).toBe("/Codes");
    expect(matchPath({ path: "/dashboard", end: false }, "/dashboard/codes")?.pathnameBase).toBe("/dashboard");
    expect(matchPath({ path: "/dashboard", end: true }, "/dashboard/codes")).toBeNull();
    expect(matchPath("/dashboard/audit/:entity/:id", "/dashboard/audit/codes/7")?.params).toEqual({ entity: "codes", id: "7" });
    expect(matchPath("/dashboard/audit/:entity/:id", "/dashboard/audit/vouches/9")?.params).toEqual({ entity: "vouches", id: "9" });
  });
});

describe("a server's render of the routes", () => {
  /** Each route shows its id and params, and a link relative to where it matched (which reads the render's matches). */
  const shows = (id: string) =>
    function Shown() {
      return h("p", null, `${id} ${JSON.stringify(useParams())} `, h(Link, { to: "next" }, "next"), ...(id === "audit" ? AUDIT_LINKS : []));
    };
  /** Links from the audit route: from the root (resolved without the matches, ADR 054) and from where it matched. */
  const AUDIT_TO: Parameters<typeof Link>[0]["to"][] = [
    "/dashboard/codes?page=2#top",
    "/dashboard/./stock-2411/../codes",
    "/dashboard/stock-2411/",
    "/",
    { pathname: "/dashboard/codes", search: "?q=rex" },
    "?tab=history",
    ".",
    "..",
  ];
  const AUDIT_LINKS = AUDIT_TO.map((to, i) => h(Link, { key: i, to }, `link ${i}`));
  const element = (id: string) => h(shows(id));
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      element: h("main", null, h(Outlet)),
      errorElement: h(function Boundary() {
        const error = useRouteError() as { status?: number };
        return h("p", null, `boundary ${error?.status}`);
      }),
      children: [
        { id: "index", index: true, element: element("index") },
        {
          id: "shell",
          element: h("section", null, h(Outlet)),
          children: [
            { id: "dashboard", path: "dashboard", element: h("div", null, h(Outlet)), children: [{ id: "dashboard-index", index: true, element: element("dashboard-index") }] },
            { id: "codes", path: "dashboard/codes", element: element("codes") },
            { id: "stock", path: "dashboard/stock-2411", element: element("stock") },
            { id: "audit", path: "dashboard/audit/:entity/:id", element: element("audit") },
          ],
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const contextOf = async (path: string) => (await handler.query(new Request(`https://dash.example${path}`))) as StaticHandlerContext;
  const render = (context: StaticHandlerContext) =>
    renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));

  it("renders every path's routes, params and relative links as before", async () => {
    const expected: [string, string][] = [
      ["/", 'index {} <a href="/next">'],
      ["/dashboard", 'dashboard-index {} <a href="/dashboard/next">'],
      ["/dashboard/codes", 'codes {} <a href="/dashboard/codes/next">'],
      ["/dashboard/audit/codes/42", 'audit {&quot;entity&quot;:&quot;codes&quot;,&quot;id&quot;:&quot;42&quot;} <a href="/dashboard/audit/codes/42/next">'],
      ["/dashboard/audit/a%20b/7", 'audit {&quot;entity&quot;:&quot;a b&quot;,&quot;id&quot;:&quot;7&quot;} <a href="/dashboard/audit/a%20b/7/next">'],
      ["/nowhere", "boundary 404"],
    ];
    for (const [path, text] of expected) expect(render(await contextOf(path)), path).toContain(text);
  });

  it("resolves a link from the root without the matches, and every other link from where it matched, as before", async () => {
    const html = render(await contextOf("/dashboard/audit/codes/42"));
    const hrefs = [...html.matchAll(/<a href="([^"]*)">link \d<\/a>/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      "/dashboard/codes?page=2#top",
      "/dashboard/codes",
      "/dashboard/stock-2411/",
      "/",
      "/dashboard/codes?q=rex",
      "/dashboard/audit/codes/42?tab=history",
      "/dashboard/audit/codes/42",
      "/",
    ]);
  });

  it("takes the matches its handler found for the location, without matching again", async () => {
    const codes = await contextOf("/dashboard/codes");
    const stock = await contextOf("/dashboard/stock-2411");
    expect(render(codes)).toContain("codes {}");
    // The same location with the handler's matches of another: what renders is what the handler found.
    expect(render({ ...codes, matches: stock.matches })).toContain("stock {}");
  });
});
