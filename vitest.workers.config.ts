// Tests that run inside workerd (the Workers runtime) with the real D1 database and Durable Objects.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { LIMIT_NAMES } from "./worker/platform/limits";

export const TEST_BINDINGS = {
  ENVIRONMENT: "development",
  SESSION_SECRETS: "test-session-secret-0123456789",
  DISCORD_CLIENT_ID: "100000000000000000",
  DISCORD_CLIENT_SECRET: "test-client-secret",
  DISCORD_GUILD_IDS: "400000000000000001",
  // Owners (contract/access.ts): the demo owner by user id, and the stand-in's Owner role (what npm start names).
  OWNER_IDS: "300000000000000001,500000000000000001",
  DISCORD_STANDIN: "true",
  OFFICIAL_SERVER_LIST_STANDIN: "false",
  CONTACT_PERSON: "Rex Rider",
  NOT_AUTHORIZED_REDIRECT_URL: "https://video.example/watch",
};

/**
 * The suite is one crowd of a few members signing in and writing all the time: wrangler.toml's rate limits would
 * refuse it. Here they count as high as the suite needs, and tests/workers/limits.test.ts hands the Worker a tight
 * limiter of its own (TEST_TIGHT_LIMIT: 3 a key per 10 s) in place of the one it drives.
 */
const RATE_LIMITS = Object.fromEntries(LIMIT_NAMES.map((name) => [name, { simple: { limit: 1_000_000, period: 60 } }]));

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { ...TEST_BINDINGS, TEST_MIGRATIONS: await readD1Migrations("./migrations") },
        ratelimits: { ...RATE_LIMITS, TEST_TIGHT_LIMIT: { simple: { limit: 3, period: 10 } } },
      },
    }),
  ],
  test: {
    include: [
      "tests/workers/**/*.test.ts",
      "app/**/*.test.ts",
      "contract/**/*.test.ts",
      "worker/**/*.test.ts",
      "party/**/*.test.ts",
    ],
    setupFiles: ["./tests/workers/setup.ts"],
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: ["@remix-run/cloudflare", "@remix-run/react", "react", "react-dom/server", "react/jsx-runtime"],
        },
      },
    },
  },
}));
