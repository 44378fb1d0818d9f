import { describe, expect, it } from "vitest";
import { accessOf, apiNeed, FULL_ACCESS, MEMBER_DEFAULT, NO_ACCESS, pageNeed, within, type RoleLevel } from "./access";
import { TABS } from "./stock";

const GUILD = "400000000000000001";
const ROLE = "500000000000000002";

describe("a member's access", () => {
  const mapping: RoleLevel[] = [
    { roleId: ROLE, section: "stock", level: "edit" },
    { roleId: GUILD, section: "codes", level: "none" },
  ];

  it("is the highest level any of their roles gives, @everyone's default where an admin set nothing", () => {
    const access = accessOf({ userId: "1", roles: [GUILD, ROLE] }, mapping, [GUILD], []);
    expect(access).toEqual({ ...MEMBER_DEFAULT, stock: "edit", codes: "none" });
  });

  it("is nothing for someone in none of the guilds, everything for an owner by user id or by role", () => {
    expect(accessOf({ userId: "1", roles: [] }, mapping, [GUILD], [])).toEqual(NO_ACCESS);
    expect(accessOf({ userId: "1", roles: [] }, mapping, [GUILD], ["1"])).toEqual(FULL_ACCESS);
    expect(accessOf({ userId: "1", roles: [GUILD, ROLE] }, mapping, [GUILD], [ROLE])).toEqual(FULL_ACCESS);
  });

  it("of a token is its scopes within its maker's", () => {
    expect(within({ ...NO_ACCESS, stock: "edit", codes: "edit" }, { ...MEMBER_DEFAULT, stock: "edit" })).toEqual({
      ...NO_ACCESS,
      stock: "edit",
      codes: "view",
    });
  });
});

describe("what a request needs", () => {
  it("puts every stock tab's API in the stock section", () => {
    for (const { path } of Object.values(TABS)) {
      expect(apiNeed(path, "GET"), path).toEqual({ section: "stock", level: "view" });
      expect(apiNeed(`${path}/abc`, "PUT"), path).toEqual({ section: "stock", level: "edit" });
    }
  });

  it("needs edit to post to a page, view to read it, and a kick always needs the kick level", () => {
    expect(pageNeed("/dashboard/codes", "GET")).toEqual({ section: "codes", level: "view" });
    expect(pageNeed("/dashboard/codes", "POST")).toEqual({ section: "codes", level: "edit" });
    expect(pageNeed("/dashboard/tribelist-2573", "GET")).toEqual({ section: "tribelists", level: "view" });
    expect(pageNeed("/settings", "POST")).toBe("signed-in");
    expect(apiNeed("/kick/300000000000000019", "POST")).toEqual({ section: "kick", level: "edit" });
    expect(apiNeed("/api/something-new", "GET")).toEqual({ section: "admin", level: "view" });
  });
});

describe("the audit trail's words", () => {
  it("lists only the fields a change touched, and every field of a record made or deleted", async () => {
    const { fieldChanges } = await import("./audit");
    expect(fieldChanges({ code: "1", user: "a" }, { code: "2", user: "a" })).toEqual([
      { field: "code", before: "1", after: "2" },
    ]);
    expect(fieldChanges(null, { code: "1", done: true })).toEqual([
      { field: "code", before: null, after: "1" },
      { field: "done", before: null, after: "true" },
    ]);
    expect(fieldChanges({ results: [1] }, undefined)).toEqual([{ field: "results", before: "[1]", after: null }]);
  });
});
