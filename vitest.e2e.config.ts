// Browser tests: Debian's chromium via playwright-core against the production build served by wrangler. The files
// share one server, so they run one at a time, sorted by path; every test makes its own data, and
// E2E_ORDER=reverse runs the files backwards to prove the order does not matter.
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
