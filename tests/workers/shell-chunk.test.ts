// The client build's chunking rule (scripts/shell-chunk.js, ADR 023, 052 and 059), on module graphs as Rollup describes
// them to manualChunks: what rides in the shell, grid, sheet and shared chunks, and what keeps a chunk of its own.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_BY, shellChunk } from "../../scripts/shell-chunk.js";

/**
 * A module graph: each module's imports ("lazy:" before a dynamic one). As in Remix's build, each route module (and
 * the root) is wrapped by an entry of its own, `<file>?__remix-build-client-route`, that imports it.
 */
function graph(imports: Record<string, string[]>) {
  const id = (file: string) => (file.startsWith("node_modules/") ? `/${file}` : path.resolve(file));
  const route = (file: string) => file === "app/root.tsx" || file.startsWith("app/routes/");
  const infos = new Map(
    Object.entries(imports).flatMap(([file, to]) => {
      const module = {
        importedIds: to.filter((t) => !t.startsWith("lazy:")).map(id),
        dynamicallyImportedIds: to.filter((t) => t.startsWith("lazy:")).map((t) => id(t.slice(5))),
        isEntry: false,
      };
      const entry = { importedIds: [id(file)], dynamicallyImportedIds: [], isEntry: true };
      return route(file)
        ? [[id(file), module] as const, [`${id(file)}?__remix-build-client-route`, entry] as const]
        : [[id(file), module] as const];
    }),
  );
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

/** The sheet page, its lazy grid, the table grid of another page and the chart that shares lodash with the grid. */
const GRIDS = {
  "app/routes/_shell.dashboard.stock-2411/route.tsx": [
    "app/components/sheet/SheetView.tsx",
    "app/components/grid/geometry.ts",
  ],
  "app/components/sheet/SheetView.tsx": [
    "app/components/sheet/rules.ts",
    "lazy:app/components/sheet/SheetGrid.client.tsx",
  ],
  "app/components/sheet/rules.ts": ["contract/stock.ts"],
  "contract/stock.ts": [],
  "app/components/sheet/SheetGrid.client.tsx": [
    "app/components/sheet/rules.ts",
    "app/components/grid/geometry.ts",
    "app/components/grid/editors.ts",
    "node_modules/@glideapps/glide-data-grid/dist/esm/index.js",
  ],
  "app/routes/_shell.dashboard.codes/route.tsx": ["app/components/grid/CanvasTable.tsx"],
  "app/components/grid/CanvasTable.tsx": [
    "lazy:app/components/grid/DataGrid.client.tsx",
    "lazy:app/components/charts/Chart.tsx",
  ],
  "app/components/grid/DataGrid.client.tsx": [
    "app/components/grid/editors.ts",
    "node_modules/@glideapps/glide-data-grid/dist/esm/index.js",
  ],
  "app/components/grid/geometry.ts": [],
  "app/components/grid/editors.ts": ["node_modules/react/index.js"],
  "node_modules/@glideapps/glide-data-grid/dist/esm/index.js": [
    "node_modules/lodash/uniq.js",
    "node_modules/react/index.js",
  ],
  "app/components/charts/Chart.tsx": ["node_modules/lodash/uniq.js"],
  "node_modules/lodash/uniq.js": [],
};

describe("the shell chunk", () => {
  it("holds what the shell or the document's root imports, however deep, packages included", () => {
    const chunkOf = graph(BASE);
    expect(chunkOf("app/components/shell/TopBar.tsx")).toBe("shell");
    expect(chunkOf("contract/servers.ts")).toBe("shell");
    expect(chunkOf("app/components/ErrorCard.tsx")).toBe("shell");
    expect(chunkOf("node_modules/react/index.js")).toBe("shell");
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

  it("leaves a part fewer pages share, other packages and the routes themselves to Rollup", () => {
    const chunkOf = graph({
      ...BASE,
      ...pages(SHARED_BY - 1, ["app/components/table/Filters.tsx", "node_modules/conform/index.js"]),
      "app/components/table/Filters.tsx": [],
      "node_modules/conform/index.js": [],
    });
    expect(chunkOf("app/components/table/Filters.tsx")).toBeUndefined();
    expect(chunkOf("node_modules/conform/index.js")).toBeUndefined();
    expect(chunkOf("app/routes/_shell.dashboard.page-0.tsx")).toBeUndefined();
    expect(chunkOf("app/routes/_shell.tsx")).toBeUndefined();
    expect(chunkOf("app/root.tsx")).toBeUndefined();
  });
});

describe("the grid, sheet and shared chunks (ADR 059)", () => {
  it("put what only the canvas grids import in one chunk, and leave each grid its own", () => {
    const chunkOf = graph({ ...BASE, ...GRIDS });
    expect(chunkOf("node_modules/@glideapps/glide-data-grid/dist/esm/index.js")).toBe("grid");
    expect(chunkOf("app/components/grid/editors.ts")).toBe("grid");
    expect(chunkOf("app/components/sheet/SheetGrid.client.tsx")).toBeUndefined();
    expect(chunkOf("app/components/grid/DataGrid.client.tsx")).toBeUndefined();
  });

  it("name every module the grid shares with the pages, so no page loads the grid's chunk for it", () => {
    const chunkOf = graph({ ...BASE, ...GRIDS });
    // A module of app/: in the shell.
    expect(chunkOf("app/components/grid/geometry.ts")).toBe("shell");
    // A package the chart uses too: a chunk of its own.
    expect(chunkOf("node_modules/lodash/uniq.js")).toBe("shared");
    // The sheet's own parts, and what the sheet grid shares with them: the sheet chunk.
    expect(chunkOf("app/components/sheet/SheetView.tsx")).toBe("sheet");
    expect(chunkOf("app/components/sheet/rules.ts")).toBe("sheet");
    // What those import goes with them (Rollup's way with a manual chunk), not into the shell.
    expect(chunkOf("contract/stock.ts")).toBeUndefined();
    // What the shell holds stays there.
    expect(chunkOf("node_modules/react/index.js")).toBe("shell");
  });

  it("leave a module the pages use without the grid to Rollup", () => {
    const chunkOf = graph({ ...BASE, ...GRIDS });
    expect(chunkOf("app/components/charts/Chart.tsx")).toBeUndefined();
    expect(chunkOf("app/components/grid/CanvasTable.tsx")).toBeUndefined();
  });

  it("leave what one grid alone imports with that grid, and put what lazy code shares with the grid in `shared`", () => {
    const chunkOf = graph({
      ...BASE,
      ...GRIDS,
      "app/components/sheet/SheetGrid.client.tsx": [
        ...GRIDS["app/components/sheet/SheetGrid.client.tsx"],
        "app/components/sheet/drag.ts",
      ],
      "app/components/sheet/drag.ts": [],
      "app/components/charts/Chart.tsx": ["node_modules/lodash/uniq.js", "app/components/grid/colours.ts"],
      "app/components/grid/DataGrid.client.tsx": [
        ...GRIDS["app/components/grid/DataGrid.client.tsx"],
        "app/components/grid/colours.ts",
      ],
      "app/components/grid/colours.ts": [],
    });
    // The table grid's pages never load the sheet grid's own helper.
    expect(chunkOf("app/components/sheet/drag.ts")).toBeUndefined();
    // The lazy chart shares it with the table grid: the shell would load it on every page.
    expect(chunkOf("app/components/grid/colours.ts")).toBe("shared");
  });
});
