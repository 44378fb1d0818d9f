// Importing a tribe's sheet into the Breeder List: lines matched by ID or by a Dino name used once change that row,
// the others are added; everything goes in through one call of the host (one batch, one audit entry, one live event).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser } from "#app/auth/session.server";
import { importAction } from "#app/components/import/import.server";
import type { ImportPageProps } from "#app/components/import/ImportPage";
import { host } from "#app/host/client.server";
import { formOf } from "#app/utils/action.server";
import type { SheetRow } from "#app/components/sheet/rules";
import { BREEDER_PATH } from "#contract/breeder";
import {
  breederPayload,
  checkBreederInput,
  editableListColumns,
  rowName,
  storedBreederValue,
} from "#app/routes/_shell.dashboard.breeder-stats/list-rules";

const BACK = `${BREEDER_PATH}?tab=breeder-list`;

export function loadBreederImport(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  return {
    title: "the Breeder List",
    back: BACK,
    fields: editableListColumns().map((c) => ({ id: c.id, title: c.title })),
    unmatched: "the others are added as new lines",
  } satisfies ImportPageProps;
}

export async function breederImportAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const rows = (await host(context).get<SheetRow[]>("/api/breeder-list")).data;
  return importAction(request, context, form, {
    back: BACK,
    sheet: {
      columns: editableListColumns(),
      rows,
      check: checkBreederInput,
      stored: storedBreederValue,
      nameOf: rowName,
      creates: true,
      noMatch: "",
    },
    apply: async (plan) => {
      const create = plan.rows
        .filter((r) => r.kind === "create")
        .map((r) => breederPayload({ _id: "", version: 0 }, r.cells));
      const update = plan.rows
        .filter((r) => r.kind === "update")
        .map((r) => ({ _id: r.row!._id, version: r.row!.version, fields: breederPayload(r.row!, r.cells) }));
      // All or nothing: a row that moved on makes the host answer 409 with its words, and nothing is written.
      await host(context).send("POST", "/api/breeder-list/import", { create, update });
      return { conflicts: [], written: create.length + update.length };
    },
  });
}
