// Tests that run inside workerd (the Workers runtime) with the real D1 database and Durable Objects.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export const TEST_BINDINGS = {
  ENVIRONMENT: "development",
  SESSION_SECRETS: "test-session-secret-0123456789",
  DISCORD_CLIENT_ID: "100000000000000000",
  DISCORD_CLIENT_SECRET: "test-client-secret",
  DISCORD_GUILD_IDS: "400000000000000001",
  DISCORD_STANDIN: "true",
  OFFICIAL_SERVER_LIST_STANDIN: "false",
  CONTACT_PERSON: "Rex Rider",
  NOT_AUTHORIZED_REDIRECT_URL: "https://video.example/watch",
};

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { ...TEST_BINDINGS, TEST_MIGRATIONS: await readD1Migrations("./migrations") },
      },
    }),
  ],
  test: {
    include: ["tests/workers/**/*.test.ts", "app/**/*.test.ts", "contract/**/*.test.ts", "worker/**/*.test.ts", "party/**/*.test.ts"],
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
