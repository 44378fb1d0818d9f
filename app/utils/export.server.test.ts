// The download's stream: pages are read only as the file is sent, so memory holds one page at a time, and a
// table that cannot be read is said on its page.
import { describe, expect, it } from "vitest";
import { getConfig } from "#worker/platform/config";
import { env } from "cloudflare:test";
import { exportHref } from "#app/routes/export/pages";
import { csvDownload, csvFileName, EXPORT_PAGE_SIZE, type TablePage } from "./export.server";
import type { AppLoadContext } from "@remix-run/cloudflare";

type Row = { n: number };
const context = { config: getConfig(env) } as unknown as AppLoadContext;
const PAGES = 500;

function counting() {
  const asked: { page: number; size: number; q: string | null }[] = [];
  const read = async (request: Request): Promise<TablePage<Row>> => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get("page"));
    asked.push({ page, size: Number(url.searchParams.get("size")), q: url.searchParams.get("q") });
    const rows = Array.from({ length: EXPORT_PAGE_SIZE }, (_, i) => ({ n: (page - 1) * EXPORT_PAGE_SIZE + i + 1 }));
    return { name: "Numbers", columns: [{ title: "N", value: (r: Row) => r.n }], rows, pageCount: PAGES, error: null };
  };
  return { asked, read };
}

describe("a CSV download", () => {
  it("reads a page only when the one before it has been sent on", async () => {
    const { asked, read } = counting();
    const res = await csvDownload(new Request("https://dash.example/dashboard/vouches/export?q=rex"), context, read);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${csvFileName("Numbers")}"`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const first = decoder.decode((await reader.read()).value, { stream: true });
    expect(first.startsWith("\uFEFFN\r\n1\r\n2\r\n")).toBe(true);
    // The first page has been sent; at most the second is being read.
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(asked[0]).toEqual({ page: 1, size: EXPORT_PAGE_SIZE, q: "rex" });

    let text = first;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      // Never more than one page ahead of what was taken.
      expect(asked.length).toBeLessThanOrEqual(Math.ceil(text.split("\r\n").length / EXPORT_PAGE_SIZE) + 1);
    }
    const lines = text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines.length).toBe(1 + PAGES * EXPORT_PAGE_SIZE);
    expect(lines.at(-1)).toBe(String(PAGES * EXPORT_PAGE_SIZE));
    expect(asked.map((a) => a.page)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  });

  it("sends the member back to the page with the reason when the table cannot be read", async () => {
    const read = async (): Promise<TablePage<Row>> => ({
      name: "Numbers",
      columns: [],
      rows: [],
      pageCount: 1,
      error: "the host is down",
    });
    const res = await csvDownload(
      new Request("https://dash.example/dashboard/logs/export?tab=leave-log&page=3"),
      context,
      read,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/logs?tab=leave-log");
    expect(res.headers.get("Set-Cookie")).toContain("__toast=");
  });

  it("ends the file broken, not short, when a later page fails", async () => {
    let calls = 0;
    const read = async (): Promise<TablePage<Row>> => ({
      name: "Numbers",
      columns: [{ title: "N", value: (r: Row) => r.n }],
      rows: [{ n: ++calls }],
      pageCount: 3,
      error: calls === 2 ? "gone" : null,
    });
    const res = await csvDownload(new Request("https://dash.example/dashboard/codes/export"), context, read);
    await expect(res.text()).rejects.toThrow(/page 2 could not be read: gone/);
  });

  it("links to the page's query without its page number or open dialogs", () => {
    expect(exportHref("/dashboard/vouches", "?q=rex&page=4&size=50&confirm=delete&id=x")).toBe(
      "/dashboard/vouches/export?q=rex",
    );
  });
});
