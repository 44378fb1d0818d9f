// Pure rules of the breeder area: days since, the PATCH body's validation, the change plan, ingestion bodies, the
// leaderboard order.
import { describe, expect, it } from "vitest";
import { breederJson, planPatch } from "./breeder-rows";
import { batchColourSchema, breederCreateSchema, breederPatchSchema } from "./breeder-input";
import { daysSince, parseSheetDate, sheetDay, VALUE_COLUMNS } from "#contract/breeder";
import { claimSessionsIngestSchema, sessionStatsIngestSchema } from "./breeder-sessions-ingest";
import { compareLeaderboard } from "#contract/breeder";
import { codePatchSchema, ffaCreateSchema, ffaPatchSchema } from "./breeder-tables";

const NOW = new Date(Date.UTC(2026, 2, 15, 18, 30)); // 15 March 2026, evening UTC

const row = (over: Partial<Parameters<typeof breederJson>[0]> = {}): Parameters<typeof breederJson>[0] => ({
  _id: "0123456789abcdef01234567",
  order: 3,
  Dino: "Rex",
  Server: "2411",
  imageUrl: null,
  textColor: null,
  fieldColors: { HP: "#ff0000" },
  roleId: null,
  values: { HP: 45, "Last Claims": "3/5/2026", "Last Mut": "not a date", Negative: "FALSE" },
  version: 4,
  lastUpdated: new Date(Date.UTC(2026, 2, 1)),
  ...over,
});

describe("days since", () => {
  it("counts whole days from the date to today", () => {
    expect(daysSince("3/15/2026", NOW)).toBe(0);
    expect(daysSince("3/14/2026", NOW)).toBe(1);
    expect(daysSince("3/5/2026", NOW)).toBe(10);
    expect(daysSince("12/31/2025", NOW)).toBe(74);
    expect(daysSince("2026-03-01", NOW)).toBe(14);
    expect(daysSince("3/1/26", NOW)).toBe(14);
  });

  it("is 0 for a date in the future", () => {
    expect(daysSince("3/16/2026", NOW)).toBe(0);
    expect(daysSince("1/1/2030", NOW)).toBe(0);
  });

  it("is null for blank or invalid dates", () => {
    for (const bad of ["", "  ", "yesterday", "2/30/2026", "13/1/2026", "3-5-2026", null, undefined, 45]) {
      expect(daysSince(bad, NOW)).toBeNull();
    }
  });

  it("parses month/day/year as UTC midnight", () => {
    expect(parseSheetDate("3/5/2026")).toBe(Date.UTC(2026, 2, 5));
    expect(parseSheetDate(" 12/31/2025 ")).toBe(Date.UTC(2025, 11, 31));
    expect(parseSheetDate("2024-02-29T10:00:00Z")).toBe(Date.UTC(2024, 1, 29));
    expect(parseSheetDate("2/29/2025")).toBeNull();
  });
});

describe("a row's JSON", () => {
  it("flattens the sheet's columns, fills the missing ones and computes both days-since columns", () => {
    const json = breederJson(row(), NOW);
    expect(json).toMatchObject({
      _id: "0123456789abcdef01234567",
      order: 3,
      Dino: "Rex",
      Server: "2411",
      fieldColors: { HP: "#ff0000" },
      lastUpdated: "2026-03-01T00:00:00.000Z",
      HP: 45,
      Stam: null,
      "Curent # of 0/0's": null,
      "Mut Weight": null,
      Location: null,
      notes: null,
      Negative: "FALSE",
      "Last Claims": "3/5/2026",
      "Days since": 10,
      "Last Mut": "not a date",
      "Days sincetwo": null,
      version: 4,
    });
    expect(json).not.toHaveProperty("values");
  });

  it("answers its keys in the order the API always has: the row's fields, the known columns, other stored keys, the counts", () => {
    const keys = Object.keys(breederJson(row({ values: { Extra: "kept", HP: 45, "Last Claims": "3/5/2026" } }), NOW));
    expect(keys.slice(0, 9)).toEqual([
      "_id",
      "order",
      "Dino",
      "imageUrl",
      "Server",
      "textColor",
      "fieldColors",
      "lastUpdated",
      "roleId",
    ]);
    expect(keys.slice(9, 9 + VALUE_COLUMNS.length)).toEqual([...VALUE_COLUMNS]);
    expect(keys.slice(9 + VALUE_COLUMNS.length)).toEqual(["Extra", "Days since", "Days sincetwo", "version"]);
    expect(breederJson(row({ values: undefined as never }), NOW)).toMatchObject({
      HP: null,
      "Days since": null,
      version: 4,
    });
  });

  it("counts Days since from the day numbers kept with the row, and from its dates when none are kept", () => {
    const values = { "Last Claims": "3/5/2026", "Last Mut": "3/14/2026" };
    const kept = { dateDay: sheetDay("3/5/2026"), datetwoDay: sheetDay("3/14/2026") };
    expect(breederJson(row({ values, ...kept }), NOW)).toMatchObject({ "Days since": 10, "Days sincetwo": 1 });
    expect(breederJson(row({ values, dateDay: null, datetwoDay: null }), NOW)).toMatchObject({
      "Days since": 10,
      "Days sincetwo": 1,
    });
    expect(breederJson(row({ values }), NOW)).toMatchObject({ "Days since": 10, "Days sincetwo": 1 });
    // A date in the future counts 0 days, as parsed.
    expect(
      breederJson(row({ values: { "Last Claims": "3/20/2026" }, dateDay: sheetDay("3/20/2026") }), NOW),
    ).toMatchObject({ "Days since": 0 });
  });
});

describe("the PATCH body", () => {
  const parse = (body: unknown) => breederPatchSchema.safeParse(body);
  const firstField = (body: unknown) => {
    const r = parse(body);
    return r.success ? null : r.error.issues[0].path.join(".");
  };

  it("accepts numbers or null for numeric columns, TRUE/FALSE for Negative, text for dates", () => {
    const r = parse({
      HP: 50,
      Stam: null,
      "Curent # of 0/0's": 3,
      Negative: "true",
      "Last Claims": "3/1/2026",
      notes: "ok",
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ Negative: "TRUE" });
  });

  it("names the offending field", () => {
    expect(firstField({ HP: "fifty" })).toBe("HP");
    expect(firstField({ Negative: "maybe" })).toBe("Negative");
    expect(firstField({ Server: "9999" })).toBe("Server");
    expect(firstField({ Dino: "  " })).toBe("Dino");
    expect(firstField({ Colour: 1 })).toBe("Colour");
    expect(firstField({ "Days since": 3 })).toBe("Days since");
    expect(firstField({ textColor: "red" })).toBe("textColor");
    expect(firstField({ "fieldColors.HP": "#12" })).toBe("fieldColors.HP");
    expect(firstField({ "fieldColors.Nope": "#123456" })).toBe("fieldColors.Nope");
    expect(firstField({ fieldColors: { Nope: "#123456" } })).toBe("fieldColors.Nope");
    expect(firstField({ version: 2 })).toBe("");
    expect(firstField({})).toBe("");
  });

  it("tells apart an unknown column", () => {
    const r = parse({ Colour: 1 });
    expect(r.success || r.error.issues[0].message).toBe('unknown column "Colour"');
  });

  it("takes a server id as a number", () => {
    expect(parse({ Server: 2573 }).data).toEqual({ Server: "2573" });
  });

  it("needs a Dino to create a row", () => {
    expect(breederCreateSchema.safeParse({ HP: 3 }).success).toBe(false);
    expect(breederCreateSchema.safeParse({ Dino: "Rex", HP: 3 }).success).toBe(true);
    expect(breederCreateSchema.safeParse({ Dino: "Rex", version: 3 }).success).toBe(false);
  });

  it("colours only known columns", () => {
    expect(
      batchColourSchema.safeParse({ cells: [{ rowId: "0123456789abcdef01234567", columnKey: "HP" }], color: "#00ff00" })
        .success,
    ).toBe(true);
    expect(
      batchColourSchema.safeParse({
        cells: [{ rowId: "0123456789abcdef01234567", columnKey: "Nope" }],
        color: "#00ff00",
      }).success,
    ).toBe(false);
    expect(batchColourSchema.safeParse({ cells: [], color: "#00ff00" }).success).toBe(false);
  });
});

describe("the change plan", () => {
  it("keeps only what differs, with before and after", () => {
    const plan = planPatch(row(), {
      HP: 45,
      Stam: 30,
      Dino: "Rex",
      Server: "2446",
      "fieldColors.HP": "#ff0000",
      "fieldColors.Dmg": "#00ff00",
    });
    expect(plan.columns).toEqual({ Server: "2446" });
    expect(plan.values).toEqual([["Stam", 30]]);
    expect(plan.colours).toEqual([["Dmg", "#00ff00"]]);
    expect(plan.before).toEqual({ Server: "2411", Stam: null, "fieldColors.Dmg": null });
    expect(plan.after).toEqual({ Server: "2446", Stam: 30, "fieldColors.Dmg": "#00ff00" });
  });

  it("is empty when nothing changes", () => {
    const plan = planPatch(row(), { HP: 45, fieldColors: { HP: "#ff0000" }, version: 4 });
    expect(plan.values).toEqual([]);
    expect(plan.colours).toEqual([]);
    expect(plan.columns).toEqual({});
  });
});

describe("the side tables", () => {
  it("change exactly one known field", () => {
    expect(ffaPatchSchema.safeParse({ status: "Completed" }).success).toBe(true);
    expect(ffaPatchSchema.safeParse({ status: "Completed", notes: "x" }).success).toBe(false);
    expect(ffaPatchSchema.safeParse({ colour: "x" }).success).toBe(false);
    expect(ffaPatchSchema.safeParse({}).success).toBe(false);
  });

  it("fall back to the default status when it is blank", () => {
    expect(ffaPatchSchema.parse({ status: "" })).toEqual({ status: "In Progress" });
    expect(codePatchSchema.parse({ status: null })).toEqual({ status: "Active" });
    expect(codePatchSchema.parse({ status: "Lost in the mail" })).toEqual({ status: "Lost in the mail" });
  });

  it("need a breeder and a creature to record an FFA raising", () => {
    expect(ffaCreateSchema.safeParse({ breeder: "Tek", creature: "" }).success).toBe(false);
    expect(ffaCreateSchema.safeParse({ breeder: "Tek", creature: "Rex" }).success).toBe(true);
  });
});

describe("ingestion bodies", () => {
  const session = { _id: "aaaaaaaaaaaaaaaaaaaaaaaa", dinoName: "Rex", createdAt: 1_700_000_000_000 };

  it("take a list or an object holding it, and default updatedAt to createdAt", () => {
    expect(claimSessionsIngestSchema.parse([session])[0]).toMatchObject({
      updatedAt: 1_700_000_000_000,
      claims: [],
      ended: false,
    });
    expect(
      claimSessionsIngestSchema.parse({ sessions: [{ ...session, createdAt: "2026-03-01T00:00:00.000Z" }] })[0]
        .createdAt,
    ).toBe(Date.UTC(2026, 2, 1));
  });

  it("refuse a repeated id, naming it", () => {
    const r = claimSessionsIngestSchema.safeParse([session, session]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual([1, "_id"]);
  });

  it("read totalCancellations as totalRemovals", () => {
    expect(
      sessionStatsIngestSchema.parse([{ breederId: "300000000000000002", totalCancellations: 4 }])[0].totalRemovals,
    ).toBe(4);
  });
});

describe("the leaderboard order", () => {
  it("puts the most sessions first, then the most claims", () => {
    const s = (breederId: string, totalSessions: number, totalClaims: number) =>
      ({ breederId, totalSessions, totalClaims }) as Parameters<typeof compareLeaderboard>[0];
    const sorted = [s("1", 3, 9), s("2", 10, 1), s("3", 3, 12), s("4", 0, 0), s("5", 3, 9)]
      .sort(compareLeaderboard)
      .map((x) => x.breederId);
    // A tie on both is broken by the breeder's id, as the host's SQL orders it.
    expect(sorted).toEqual(["2", "3", "1", "5", "4"]);
  });
});
