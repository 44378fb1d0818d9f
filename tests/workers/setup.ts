import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(
  env.DB,
  (env as unknown as { TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] }).TEST_MIGRATIONS,
);

import { beforeEach } from "vitest";

// Storage is shared by the tests of a file: every test starts from empty tables.
beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("delete from sessions"), env.DB.prepare("delete from users")]);
});
