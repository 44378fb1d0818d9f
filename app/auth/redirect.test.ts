import { describe, expect, it } from "vitest";
import { loginPath, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths on our origin", () => {
    expect(safeRedirect("/settings")).toBe("/settings");
    expect(safeRedirect("/dashboard/vouches?q=rex#top")).toBe("/dashboard/vouches?q=rex#top");
  });

  it("replaces anything that could leave the origin", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "\\\\evil",
      "/\t/evil.example",
      "javascript:alert(1)",
      "",
      null,
      42,
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe("/dashboard");
    }
  });
});

describe("loginPath", () => {
  it("carries the reason and a safe way back", () => {
    expect(loginPath("expired", "/settings")).toBe("/login?reason=expired&redirectTo=%2Fsettings");
    expect(loginPath("unauthenticated", "/dashboard")).toBe("/login?reason=unauthenticated");
    expect(loginPath(undefined, "//evil.example")).toBe("/login");
  });
});
