import { describe, expect, it } from "vitest";
import { checkVouchAction } from "./vouches-action";

const check = (fields: Record<string, string>) => checkVouchAction(new URLSearchParams(fields));

describe("a vouch row action's fields", () => {
  it("lets a well-formed delete, kick or avatar fetch go", () => {
    expect(check({ intent: "delete", _id: "0".repeat(23) + "1" })).toEqual({
      value: { intent: "delete", _id: "0".repeat(23) + "1" },
    });
    expect(check({ intent: "kick", vouchedId: " 500000000000000011 " })).toEqual({
      value: { intent: "kick", vouchedId: "500000000000000011" },
    });
    expect(check({ intent: "fetch-avatar", _id: "a".repeat(24) })).toMatchObject({ value: { intent: "fetch-avatar" } });
  });

  it("refuses the rest with the product's toasts", () => {
    const refusal = (fields: Record<string, string>) => {
      const checked = check(fields);
      return "refusal" in checked ? checked.refusal.message : null;
    };
    expect(refusal({ intent: "delete", _id: "nope" })).toBe("Failed to delete vouch. Please try again.");
    expect(refusal({ intent: "fetch-avatar" })).toBe("Failed to fetch avatar: unknown vouch");
    expect(refusal({ intent: "kick", vouchedId: "" })).toBe("No vouched user ID to kick");
    expect(refusal({ intent: "kick" })).toBe("No vouched user ID to kick");
    expect(refusal({ intent: "kick", vouchedId: "12345" })).toBe(
      "Failed to kick user: vouchedId: must be a Discord id (17 to 20 digits)",
    );
    expect(refusal({ intent: "ban" })).toBe("Unknown action.");
  });
});
