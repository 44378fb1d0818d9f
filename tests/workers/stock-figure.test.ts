// The history figure exists twice: derivedFields() in TypeScript (what the API answers for a row) and figureSql() in
// SQL (what a save's batch records in the snapshot). This pins the two together for every kind of tab.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { derivedFields, figureKey, KINDS, normalizeCells, type TabKind } from "#contract/stock";
import { figureSql } from "#worker/domain/stock-writes";

/** A stored row of the kind as a save leaves it: every list at its length, cells numbers or empty. */
function storedRow(kind: TabKind, seed: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of KINDS[kind].fields) {
    if (field.type === "cells") {
      data[field.key] = normalizeCells(
        Array.from({ length: field.length }, (_, i) =>
          (i + seed) % 4 === 0 ? null : ((i * 37 + seed * 11) % 400) - 20,
        ),
        field.length,
      );
    } else if (field.type === "number") {
      data[field.key] = seed % 3 === 0 ? null : seed * 13.5;
    } else if (field.type === "name") {
      data[field.key] = `Row ${seed}`;
    }
  }
  return data;
}

async function sqlFigure(kind: TabKind, data: Record<string, unknown>) {
  const row = await env.DB.prepare(`select ${figureSql(kind)} as figure from (select ? as "data")`)
    .bind(JSON.stringify(data))
    .first<{ figure: number | null }>();
  return row!.figure;
}

describe("the history figure in SQL", () => {
  for (const kind of Object.keys(KINDS) as TabKind[]) {
    it(`equals the derived ${figureKey(kind)} of a ${kind} row`, async () => {
      for (const seed of [0, 1, 2, 3, 7]) {
        const data = storedRow(kind, seed);
        const derived = derivedFields(kind, data, null) as Record<string, unknown>;
        expect(await sqlFigure(kind, data)).toBe(derived[figureKey(kind)]);
      }
    });
  }
});
