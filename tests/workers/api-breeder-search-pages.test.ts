// The breeder list read a page at a time (GET /api/breeder-list/search and /dinos): the same rows, order, counts and
// summary as the whole list searched and paged the page's way; counts, summary, pages and dinos kept until the list
// changes.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { summaryOf, type BreederRow } from "#app/routes/_shell.dashboard.breeder-stats/list-rules";
import { searchBreeders } from "#worker/domain/breeder-search";
import { database } from "#worker/domain/context";
import { hexId, signedIn } from "./helpers";
import { withBreederList, DAY, seedRows, search, expected } from "./api-breeder-search-fixtures";

withBreederList();

describe("GET /api/breeder-list/search", () => {
  it("answers the page the whole list would give for every search, filter and page", async () => {
    const browser = await signedIn();
    await seedRows(140);
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const queries = [
      "",
      "page=2",
      "page=9",
      "size=25&page=3",
      "server=2573",
      "server=2446&size=10&page=2",
      "q=rex",
      "q=REX",
      "q=stacking",
      "q=5%25",
      "q=_line",
      "q=12.5",
      "q=true",
      "q=breeder 3",
      "q=2411",
      "q=-",
      "q=1",
      "q=12",
      "q=0",
      "q=/2026",
      "q=n/a",
      "q=rex&server=2411&size=5&page=2",
      "q=nothing like this",
      // JSON's escaped characters, and the separator of the stored texts: within one text it is found, across two not.
      "q=%22hi%22",
      "q=%5C",
      "q=a%1Fb",
      "q=%1F",
      "q=rex%1F2411",
      "q=breeder 3%1Fmain",
    ];
    for (const query of queries) {
      const { summary, ...page } = await search(browser, query);
      expect(page, query).toEqual(expected(all, new URLSearchParams(query)));
      expect(summary, query).toEqual(summaryOf(all));
    }
  });

  it("keeps the count of a search that scans until the list changes, and drops the counts gone stale", async () => {
    const browser = await signedIn();
    await seedRows(60);
    const kept = async () =>
      (
        await env.DB.prepare(
          "select key from aggregate_cache where key like 'breeder_search_count:%' order by key",
        ).all<{ key: string }>()
      ).results.map((r) => r.key.replace(/^breeder_search_count:\d+:/, ""));
    const total = async (query: string) => (await search(browser, query)).total;
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const expectedTotal = (query: string) => expected(all, new URLSearchParams(query)).total;

    // Two characters, a Days since's digits, and a server: counted by a scan, then kept; the index's searches are not.
    for (const query of ["q=12", "q=ma&server=2411", "q=123", "q=stacking"])
      expect(await total(query), query).toBe(expectedTotal(query));
    expect(await kept()).toEqual(["2411:ma", ":12", ":123"]);
    expect(await total("q=12&page=2")).toBe(expectedTotal("q=12"));

    // A write changes the list: the next search counts again, and the other counts, now stale, are gone.
    const added = await browser.fetch("/api/breeder-list", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Dino: "Rex", Server: "2411", notes: "pen 12, main gate" }),
    });
    expect(added.status).toBe(201);
    expect(await total("q=12")).toBe(expectedTotal("q=12") + 1);
    expect(await kept()).toEqual([":12"]);
    expect(await total("q=ma&server=2411")).toBe(expectedTotal("q=ma&server=2411") + 1);
  });

  it("keeps the summary, and drops it when the list changes by any path", async () => {
    const browser = await signedIn();
    await seedRows(12);
    const before = (await search(browser, "")).summary;
    const kept = () =>
      env.DB.prepare("select value from aggregate_cache where key = 'breeder_summary'").first<{ value: string }>();
    expect(JSON.parse((await kept())!.value)).toEqual(before);
    await env.DB.prepare(
      `update breeder_list set "values" = json_set("values", '$."Curent # of 0/0''s"', 100) where _id = ?`,
    )
      .bind(hexId(1000))
      .run();
    const after = (await search(browser, "")).summary;
    expect(after.total).toBe(before.total + 100); // the row's count was empty
    expect(after.servers["2411"]).toBe(before.servers["2411"] + 100);
    await env.DB.prepare(`delete from breeder_list where _id = ?`).bind(hexId(1001)).run();
    expect((await search(browser, "")).summary.breeders).toBe(11);
  });

  it("answers a page kept in the isolate, frozen, until the list changes by any path or the day turns (ADR 060)", async () => {
    await seedRows(30);
    const db = database(env);
    const now = new Date();
    const query = { q: "", page: 1, size: 100 };
    const first = await searchBreeders(db, query, now);
    expect(await searchBreeders(db, query, now)).toBe(first);
    expect(() => ((first.rows[0] as { Dino: string }).Dino = "Changed")).toThrow(TypeError);
    expect(await searchBreeders(db, { ...query, q: "rex" }, now)).not.toBe(first);

    // The next day counts every Days since one more.
    const counted = first.rows.find((r) => typeof r["Days since"] === "number")!;
    const tomorrow = await searchBreeders(db, query, new Date(now.getTime() + DAY));
    expect(tomorrow.rows.find((r) => r._id === counted._id)!["Days since"]).toBe(counted["Days since"]! + 1);

    // A write by any path (here in SQL, as a console would) is read at once.
    const id = first.rows[0]._id;
    await env.DB.prepare("update breeder_list set dino = 'Changed' where _id = ?").bind(id).run();
    const changed = await searchBreeders(db, query, now);
    expect(changed.rows.find((r) => r._id === id)!.Dino).toBe("Changed");

    // A database restored to an earlier point counts its versions again from there: the same version after the restore
    // is another list, and the page kept under that version before the restore is not given for it.
    const before = await env.DB.prepare("select version, stamp from data_versions where name = 'breeder_list'").first<{
      version: number;
      stamp: number;
    }>();
    await env.DB.prepare("update breeder_list set dino = 'Kept' where _id = ?").bind(id).run();
    expect((await searchBreeders(db, query, now)).rows.find((r) => r._id === id)!.Dino).toBe("Kept");
    await env.DB.batch([
      env.DB.prepare("update breeder_list set dino = 'Changed' where _id = ?").bind(id),
      env.DB.prepare("update data_versions set version = ?, stamp = ? where name = 'breeder_list'").bind(
        before!.version,
        before!.stamp,
      ),
    ]);
    await env.DB.prepare("update breeder_list set dino = 'Restored, then written' where _id = ?").bind(id).run();
    expect((await searchBreeders(db, query, now)).rows.find((r) => r._id === id)!.Dino).toBe("Restored, then written");
  });

  it("refuses a page size over 100 or an unknown server, naming the field", async () => {
    const browser = await signedIn();
    for (const [query, field] of [
      ["size=101", "size"],
      ["server=9999", "server"],
      ["page=0", "page"],
    ]) {
      const res = await browser.fetch(`/api/breeder-list/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { field: string }).field, query).toBe(field);
    }
    expect((await browser.fetch("/api/breeder-list/search")).status).toBe(200);
  });
});

describe("GET /api/breeder-list/dinos", () => {
  it("names each dino once, in the order of its first row, with the picture of its first row that has one", async () => {
    const browser = await signedIn();
    await seedRows(20);
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const dinos = (await (await browser.fetch("/api/breeder-list/dinos")).json()) as {
      Dino: string;
      _id: string;
      imageUrl: string | null;
    }[];
    const firsts = all.filter((r, i) => all.findIndex((o) => o.Dino === r.Dino) === i);
    expect(dinos).toEqual(
      firsts.map((r) => ({
        Dino: r.Dino,
        _id: r._id,
        imageUrl: all.find((o) => o.Dino === r.Dino && o.imageUrl)?.imageUrl ?? null,
      })),
    );
    // A new picture on a later row of a dino without one shows at once (the kept list is dropped by the write).
    const bare = dinos.find((d) => d.imageUrl === null)!;
    const later = all.filter((r) => r.Dino === bare.Dino).at(-1)!;
    await env.DB.prepare("update breeder_list set image_url = 'https://example.test/new.png' where _id = ?")
      .bind(later._id)
      .run();
    const again = (await (await browser.fetch("/api/breeder-list/dinos")).json()) as typeof dinos;
    expect(again.find((d) => d.Dino === bare.Dino)?.imageUrl).toBe("https://example.test/new.png");
  });
});
