#!/usr/bin/env node
// public/favicon.ico from public/favicon.svg (`node scripts/favicon-ico.mjs`), for whatever asks for /favicon.ico
// when a page names no icon: the SVG drawn by chromium at 32 and 16 px, each PNG kept whole in the ICO container
// (PNG-compressed ICO entries, read by every browser since 2008).
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const pngs = [];
try {
  for (const size of [32, 16]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}">`,
    );
    await page.locator("img").evaluate((img) => img.decode());
    pngs.push({ size, data: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
} finally {
  await browser.close();
}
// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // an icon
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach(({ size, data }, i) => {
  const at = 6 + 16 * i;
  header.writeUInt8(size, at);
  header.writeUInt8(size, at + 1);
  header.writeUInt16LE(1, at + 4); // colour planes
  header.writeUInt16LE(32, at + 6); // bits per pixel
  header.writeUInt32LE(data.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += data.length;
});
writeFileSync("public/favicon.ico", Buffer.concat([header, ...pngs.map((p) => p.data)]));
console.log(`public/favicon.ico: ${offset} bytes`);
