// Browser tests: Debian's chromium, driven by playwright-core, against the production build served by wrangler.
//
// The files share one server, one database and one live room, so they run one at a time in a FIXED order: sorted by
// path, the same on a clean clone and in a working copy (vitest's default order sorts by its results cache, or by file
// size when there is none). Every test makes the data it asserts on, so any order must pass; to prove it, run the
// files in reverse order with E2E_ORDER=reverse:
//   E2E_PORT=8801 npx vitest run --config vitest.e2e.config.ts                      # a.test.ts ... z.test.ts
//   E2E_ORDER=reverse E2E_PORT=8801 npx vitest run --config vitest.e2e.config.ts    # z.test.ts ... a.test.ts
import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import type { TestSequencer, TestSpecification } from "vitest/node";

class PathSequencer implements TestSequencer {
  shard(files: TestSpecification[]) {
    return files;
  }

  sort(files: TestSpecification[]) {
    const path = (f: TestSpecification) => relative(process.cwd(), f.moduleId).split("\\").join("/");
    const sorted = [...files].sort((a, b) => (path(a) < path(b) ? -1 : path(a) > path(b) ? 1 : 0));
    return process.env.E2E_ORDER === "reverse" ? sorted.reverse() : sorted;
  }
}

if (process.env.E2E_ORDER && !["forward", "reverse"].includes(process.env.E2E_ORDER)) {
  throw new Error(`E2E_ORDER must be "forward" or "reverse", not "${process.env.E2E_ORDER}"`);
}

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A condition polled for (a page's answer, a live event, a toast) gets 10 s, not vitest's 1 s: on a slow machine
    // (CI's clean-clone run of 2026-11-28 ran twice as slow as the day before) a navigation alone can take a second.
    // A condition that never holds still fails the test.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    sequence: { sequencer: PathSequencer, shuffle: false },
    // No results cache: the order never depends on it, and node_modules (where it would be written) may be shared.
    cache: false,
  },
});
