import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiWording, errorsOf, firstError, labelled, lastResultOf } from "./forms";
import { parseForm } from "./parse-form";

const schema = z.object({
  name: z.string({ message: "is required" }).trim().min(1, "is required").max(10, "is at most 10 characters"),
  code: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().regex(/^\d+$/, "must be digits").nullable(),
  ),
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("parseForm", () => {
  it("reads a valid form with the schema, blanks reaching it as typed (no coercion)", () => {
    const ok = parseForm(form({ name: " Rex ", code: "" }), schema, apiWording);
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ name: "Rex", code: null });
  });

  it("words each field's first problem as the page does", () => {
    const wording = labelled({ name: "Name", code: "Code" }, { code: "Code must be digits, or empty." });
    const refused = parseForm(form({ name: "   ", code: "12ab" }), schema, wording);
    expect(refused.status).toBe("error");
    const errors = errorsOf(refused.status === "error" ? refused.error : null);
    expect(errors).toEqual({ name: "Name is required.", code: "Code must be digits, or empty." });
    expect(firstError(errors)).toBe("Name is required.");
    const missing = parseForm(form({ code: "1" }), schema, apiWording);
    expect(errorsOf(missing.status === "error" ? missing.error : null)).toEqual({ name: "name: is required" });
  });

  it("hands an action's refusal to conform as its last result, the form's own error under the empty name", () => {
    expect(lastResultOf(undefined)).toBeUndefined();
    expect(lastResultOf({ name: "Name is required.", form: "That entry no longer exists." })).toEqual({
      status: "error",
      error: { name: ["Name is required."], "": ["That entry no longer exists."] },
      state: { validated: { name: true, "": true } },
    });
  });
});
