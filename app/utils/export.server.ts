// A table's CSV download: every page of the table's current search, filter and sort, read through the page's own
// loader code one page at a time and streamed, so large tables download in bounded memory; a failure mid-download
// ends it broken rather than short (ADR 042).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { GridColumnDef } from "#app/components/grid/types";
import { CSV_BOM, csvLine, type CsvValue } from "./csv";
import { toastSetCookie } from "./toast.server";

export type CsvColumn<R> = { title: string; value: (row: R) => CsvValue };

/** One page of a table as its page shows it, the columns it shows, and why it could not be read. */
export type TablePage<R> = {
  name: string;
  columns: readonly CsvColumn<R>[];
  rows: readonly R[];
  pageCount: number;
  error: string | null;
};

/** Reads a page of a table: the request is the page's own URL (its search, filters and sort) with `page` and `size` set. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader type for tables of any row type
export type TableReader = (request: Request, context: AppLoadContext) => Promise<TablePage<any>>;

/** Rows read per call: the largest page the host's searches answer. */
export const EXPORT_PAGE_SIZE = 100;

/** A grid's columns as the CSV has them: what each cell says (its `csv` where it has one), no row actions, no pictures. */
export const csvColumns = <R>(columns: readonly GridColumnDef<R>[]): CsvColumn<R>[] =>
  columns
    .filter((c) => c.id !== "actions" && c.kind !== "image")
    .map((c) => ({ title: c.title, value: c.csv ?? ((row: R) => c.value(row)) }));

/** The page a download was asked from: its path without the trailing /export, with the same query. */
export function pageOfExport(url: URL) {
  const page = new URL(url);
  page.pathname = page.pathname.replace(/\/export\/?$/, "");
  page.searchParams.delete("page");
  page.searchParams.delete("size");
  return page;
}

/** `vouches-2026-11-27.csv`: the table's name and the day it was taken, safe as a file name. */
export const csvFileName = (name: string, now = new Date()) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "table"
  }-${now.toISOString().slice(0, 10)}.csv`;

export async function csvDownload(request: Request, context: AppLoadContext, read: TableReader): Promise<Response> {
  const url = new URL(request.url);
  const pageRequest = (n: number) => {
    const at = pageOfExport(url);
    at.searchParams.set("page", String(n));
    at.searchParams.set("size", String(EXPORT_PAGE_SIZE));
    return new Request(at, { headers: request.headers });
  };

  // The first page before anything is sent: a table that cannot be read is said on its page, not in a file.
  const first = await read(pageRequest(1), context);
  if (first.error) {
    const back = pageOfExport(url);
    const cookie = await toastSetCookie(context, request, { type: "error", message: `Export failed: ${first.error}` });
    return redirect(back.pathname + back.search, { headers: { "Set-Cookie": cookie } });
  }

  const { columns, pageCount } = first;
  const encoder = new TextEncoder();
  const lines = (rows: readonly unknown[]) => rows.map((row) => csvLine(columns.map((c) => c.value(row))));
  let next = 2;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns.map((c) => c.title)) + lines(first.rows).join("")));
      if (pageCount < 2) controller.close();
    },
    // One page per pull: the stream asks for more only when what it holds has been sent on.
    async pull(controller) {
      const page = await read(pageRequest(next), context);
      if (page.error) throw new Error(`${first.name}: page ${next} could not be read: ${page.error}`);
      controller.enqueue(encoder.encode(lines(page.rows).join("")));
      if (++next > pageCount) controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(first.name)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
