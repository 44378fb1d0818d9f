// The client build's chunking rule (scripts/shell-chunk.js, ADR 023 and 052), on module graphs as Rollup describes them
// to manualChunks: what rides in the shell chunk, and what keeps a chunk of its own.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_BY, shellChunk } from "../../scripts/shell-chunk.js";

/** A module graph: each module's static imports, and which modules are the build's entries (root and route modules). */
function graph(imports: Record<string, string[]>) {
  const id = (file: string) => (file.startsWith("node_modules/") ? `/${file}` : path.resolve(file));
  const entry = (file: string) => file === "app/root.tsx" || file.startsWith("app/routes/");
  const infos = new Map(Object.entries(imports).map(([file, to]) => [id(file), { importedIds: to.map(id), isEntry: entry(file) }]));
  const chunkOf = shellChunk();
  const meta = { getModuleIds: () => infos.keys(), getModuleInfo: (m: string) => infos.get(m) ?? null };
  return (file: string) => chunkOf(id(file), meta);
}

/** `n` page routes under the shell, each importing `imports`. */
const pages = (n: number, imports: string[]) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`app/routes/_shell.dashboard.page-${i}.tsx`, imports]));

const BASE = {
  "app/root.tsx": ["app/components/ErrorCard.tsx", "node_modules/react/index.js"],
  "app/components/ErrorCard.tsx": [],
  "app/routes/_shell.tsx": ["app/components/shell/TopBar.tsx", "app/components/ErrorCard.tsx"],
  "app/components/shell/TopBar.tsx": ["contract/servers.ts"],
  "contract/servers.ts": [],
  "node_modules/react/index.js": [],
};

describe("the shell chunk", () => {
  it("holds what the shell imports, however deep, from app/ and contract/", () => {
    const chunkOf = graph(BASE);
    expect(chunkOf("app/components/shell/TopBar.tsx")).toBe("shell");
    expect(chunkOf("contract/servers.ts")).toBe("shell");
  });

  it("holds a page part that enough page routes share, directly or through another module", () => {
    const chunkOf = graph({
      ...BASE,
      ...pages(SHARED_BY - 1, ["app/components/table/Pagination.tsx"]),
      "app/routes/_shell.dashboard.logs.tsx": ["app/components/table/TableToolbar.tsx"],
      "app/components/table/TableToolbar.tsx": ["app/components/table/Pagination.tsx"],
      "app/components/table/Pagination.tsx": [],
    });
    expect(chunkOf("app/components/table/Pagination.tsx")).toBe("shell");
    // One page imports the toolbar: it stays with that page (Rollup's choice).
    expect(chunkOf("app/components/table/TableToolbar.tsx")).toBeUndefined();
  });

  it("leaves a part fewer pages share, what the document's root imports, packages and the routes themselves to Rollup", () => {
    const chunkOf = graph({
      ...BASE,
      ...pages(SHARED_BY - 1, ["app/components/sheet/SheetView.tsx"]),
      ...pages(SHARED_BY + 2, ["app/components/ErrorCard.tsx", "node_modules/react/index.js"]),
      "app/components/sheet/SheetView.tsx": [],
    });
    expect(chunkOf("app/components/sheet/SheetView.tsx")).toBeUndefined();
    // The public pages load the root without the shell: what the root needs never waits on the shell chunk.
    expect(chunkOf("app/components/ErrorCard.tsx")).toBeUndefined();
    expect(chunkOf("node_modules/react/index.js")).toBeUndefined();
    expect(chunkOf("app/routes/_shell.dashboard.page-0.tsx")).toBeUndefined();
    expect(chunkOf("app/root.tsx")).toBeUndefined();
  });
});
