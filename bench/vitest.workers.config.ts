// The benchmarks that run inside workerd with the real D1 (bench/players-write.mjs): the workers tests' setup, with
// the benchmark files in place of the tests.
import { defineConfig, type UserConfig } from "vitest/config";
import workers from "../vitest.workers.config";

export default defineConfig(async (env) => {
  const config = (await (workers as unknown as (e: typeof env) => Promise<UserConfig>)(env)) as UserConfig;
  return { ...config, test: { ...config.test, include: ["bench/**/*.workers.ts"], testTimeout: 600_000 } };
});
