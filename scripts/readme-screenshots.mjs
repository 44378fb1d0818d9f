#!/usr/bin/env node
// The README's pictures (`npm run build && node scripts/readme-screenshots.mjs`): the build over its own scale-1 demo
// database (.wrangler/readme), signed in as Rex Rider with What's New read; the dashboard and 2411 Stock at 1440x900
// and at a 390x844 phone, in docs/screenshots/.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { prepareDatabase, serveSignedIn, stopAll } from "../bench/lib.mjs";

const OUT = "docs/screenshots";
const SHOTS = [
  { file: "dashboard.png", path: "/dashboard", viewport: { width: 1440, height: 900 } },
  { file: "dashboard-phone.png", path: "/dashboard", viewport: { width: 390, height: 844 } },
  { file: "stock.png", path: "/dashboard/stock-2411?tab=war-room-vaults", viewport: { width: 1440, height: 900 } },
  { file: "stock-phone.png", path: "/dashboard/stock-2411?tab=war-room-vaults", viewport: { width: 390, height: 844 } },
];

mkdirSync(OUT, { recursive: true });
prepareDatabase(1, ".wrangler/readme");
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const { context } = await serveSignedIn(browser, Number(process.env.PORT ?? 8790), ".wrangler/readme");
    for (const shot of SHOTS) {
      const page = await context.newPage();
      await page.setViewportSize(shot.viewport);
      await page.goto(shot.path);
      // The live badge shows once the page has hydrated and its socket is up; the grid or chart has painted by then.
      await page.getByTestId("live-status").filter({ hasText: "Connected" }).first().waitFor();
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      );
      await page.screenshot({ path: `${OUT}/${shot.file}` });
      console.log(`${OUT}/${shot.file}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  stopAll();
}
