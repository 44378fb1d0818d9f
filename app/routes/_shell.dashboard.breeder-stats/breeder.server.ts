// The Breeder page's server flow: the loader reads the active tab only, plus the dialog the URL opens; the action
// dispatches by intent to the Breeder List's module, the dialogs and the side tables' edits.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import type { BreederDino } from "#contract/breeder";
import { reduceImageUrl } from "#contract/images";
import { requireUser } from "#app/auth/session.server";
import { imageFormError, sheetNames } from "#app/components/sheet/rules";
import { host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, hostIssues, reply } from "#app/utils/action.server";
import { timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { pageSizeFrom } from "#app/utils/table";
import { isSheetIntent } from "#app/components/sheet/sheet-action.server";
import { putImage } from "#app/components/sheet/image-action.server";
import { breederListAction, loadBreederList } from "./breeder-list.server";
import { IMAGE_TEXTS, isDialog, MAPPING_TEXTS, PAGE_PATH, sideTableOfIntent, TAB_MEMORY, TEXTS } from "./breeder";
import { loadClaims, loadStats } from "./sessions.server";
import { GRID_PRELOAD } from "#app/components/sheet/grid-preload.server";
import { loadSideTable, sideTableAction } from "./side-tables.server";

const LIST = "/api/breeder-list";

/**
 * Each dino's first row and picture (GET /api/breeder-list/dinos); an older host without it (404) is read whole and
 * the same is worked out here.
 */
async function readDinos(context: AppLoadContext): Promise<BreederDino[]> {
  try {
    return (await host(context).get<BreederDino[]>(`${LIST}/dinos`)).data;
  } catch (error) {
    if (hostErrorOf(error)?.status !== 404) throw error;
  }
  const dinos = new Map<string, BreederDino>();
  for (const row of (await host(context).get<BreederDino[]>(LIST)).data) {
    const known = dinos.get(row.Dino);
    if (!known) dinos.set(row.Dino, { Dino: row.Dino, _id: row._id, imageUrl: row.imageUrl || null });
    else if (!known.imageUrl && row.imageUrl) known.imageUrl = row.imageUrl;
  }
  return [...dinos.values()];
}

/** Each dino's picture, for the claim sessions' icons. */
const dinoImages = (dinos: readonly BreederDino[]) =>
  new Map(dinos.flatMap((d) => (d.imageUrl ? [[d.Dino, d.imageUrl] as const] : [])));

/** The dino names of the dialogs' select. */
const dinoNames = (dinos: readonly BreederDino[]) =>
  sheetNames(dinos, (d) => (typeof d.Dino === "string" ? d.Dino : ""));

export async function loadBreederPage(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  // The tab asked for (?tab=), else the one the cookie remembers, else Breeder List (default breeder-list).
  const { tab, hasTabParam, headers } = readRememberedTab(request, TAB_MEMORY);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  const dialogParam = url.searchParams.get("dialog");
  const dialog = isDialog(dialogParam) ? dialogParam : null;

  // The dialogs' dino names are read with the page only when the URL opens a dialog (without JavaScript); the
  // header's buttons fetch them from ./dinos when a person reaches for one (ADR 037).
  const dinos = () =>
    readDinos(context).catch((error) => {
      console.warn("breeder: dinos failed", error);
      return [] as BreederDino[];
    });
  const [names, list, ffa, codes, claims, stats] = await Promise.all([
    dialog ? dinos().then(dinoNames) : null,
    tab === "breeder-list" ? loadBreederList(context, url, request) : null,
    tab === "ffa-raising" ? loadSideTable(context, "ffa", url, q) : null,
    tab === "codes-given-to" ? loadSideTable(context, "codes", url, q) : null,
    // The dinos' pictures come with the sessions; an older host's answer without them has them read from the list.
    tab === "claim-sessions" ? loadClaims(context, url, q, timeZone, () => dinos().then(dinoImages)) : null,
    tab === "breeder-statistics" ? loadStats(context, url, q) : null,
  ]);
  return json(
    {
      tab,
      hasTabParam,
      q,
      size,
      dinos: names,
      dialog,
      list,
      gridPreload: tab === "breeder-list" ? GRID_PRELOAD : [],
      ffa,
      codes,
      claims,
      stats,
    },
    { headers },
  );
}

/** The dialogs' dino names (GET ./dinos): fetched by the page when a person reaches for Add Mapping or Add Image. */
export async function loadDinoNames(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  try {
    return json({ names: dinoNames(await readDinos(context)) as string[] | null });
  } catch (error) {
    // Answered, not thrown: the dialog says so in its select, and the page around it stays.
    console.warn("breeder: dino names failed", error);
    return json({ names: null, error: TEXTS.namesFailed }, 503);
  }
}

type Io = { request: Request; context: AppLoadContext; form: FormData };

export async function breederAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const intent = form.get("intent");
  if (isSheetIntent(intent)) return breederListAction(request, context, form);
  const io = { request, context, form };
  if (intent === "image") return imageAction(io);
  if (intent === "mapping") return mappingAction(io);
  const side = sideTableOfIntent(intent);
  if (side) return sideTableAction(io, side, form);
  const message = `Unknown action: ${typeof intent === "string" && intent ? `"${intent.slice(0, 40)}"` : "no intent"}.`;
  return json({ intent, error: message, toast: { type: "error" as const, message } }, 400);
}

/** The first row of a dino (the list's order), the one the image and role calls name. */
async function firstRowOf(context: AppLoadContext, dino: string) {
  const dinos = await readDinos(context);
  return { names: dinoNames(dinos), row: dinos.find((d) => d.Dino === dino) };
}

/** The reason the host gave, in the form's words ("Image URL must be a URL"), else its message. */
function hostReason(error: unknown, labels: Record<string, string>) {
  const issue = hostIssues(error)?.[0];
  if (issue) return `${labels[issue.field] ?? issue.field} ${issue.message}`;
  const refused = hostErrorOf(error);
  return refused ? (refused.body?.message ?? refused.message) : null;
}

/** Add Dino Image: PUT /api/breeder-list/{id}/image on the first row of that dino. */
async function imageAction(io: Io) {
  const { form, context } = io;
  const itemName = String(form.get("itemName") ?? "");
  const imageUrl = reduceImageUrl(String(form.get("imageUrl") ?? "")).trim();
  const updateAllMatching = form.get("updateAllMatching") === "on" || form.get("updateAllMatching") === "true";
  const back = backTo(form, PAGE_PATH, { close: ["dialog"] });
  // A refusal stays in the dialog, with the typed values (the page rendered without JavaScript draws them again).
  const fail = (message: string, status = 400) =>
    json(
      {
        intent: "image",
        toast: { type: "error" as const, message },
        error: message,
        values: { itemName, imageUrl, updateAllMatching },
      },
      status,
    );
  try {
    const { names, row } = await firstRowOf(context, itemName);
    const invalid = imageFormError(IMAGE_TEXTS, itemName, imageUrl, names);
    if (invalid || !row) return fail(invalid ?? IMAGE_TEXTS.notFound);
    const message = await putImage(context, `${LIST}/${row._id}`, { itemName, imageUrl, updateAllMatching }, TEXTS);
    return reply(io, back, { type: "success", message }, { data: { intent: "image", ok: true, message } });
  } catch (error) {
    console.warn("breeder: image failed", error);
    const reason = hostReason(error, { imageUrl: "Image URL", updateAllMatching: "Update all" });
    if (reason) return fail(TEXTS.imageFailed(itemName, reason), hostErrorOf(error)?.status ?? 400);
    return fail(TEXTS.imageError, 500);
  }
}

/** Add Discord Role Mapping: PUT /api/breeder-list/{id}/role on the first row of that dino (the host maps them all). */
async function mappingAction(io: Io) {
  const { form, context } = io;
  const itemName = String(form.get("itemName") ?? "");
  const roleId = String(form.get("roleId") ?? "").trim();
  const back = backTo(form, PAGE_PATH, { close: ["dialog"] });
  const fail = (message: string, status = 400) =>
    json(
      { intent: "mapping", toast: { type: "error" as const, message }, error: message, values: { itemName, roleId } },
      status,
    );
  try {
    const { names, row } = await firstRowOf(context, itemName);
    const invalid = imageFormError(MAPPING_TEXTS, itemName, roleId, names);
    if (invalid || !row) return fail(invalid ?? MAPPING_TEXTS.notFound);
    await host(context).send("PUT", `${LIST}/${row._id}/role`, { roleId });
    const message = TEXTS.mappingSaved(itemName);
    return reply(io, back, { type: "success", message }, { data: { intent: "mapping", ok: true, message } });
  } catch (error) {
    console.warn("breeder: role mapping failed", error);
    const reason = hostReason(error, { roleId: "Role ID" });
    if (reason) return fail(TEXTS.mappingFailed(itemName, reason), hostErrorOf(error)?.status ?? 400);
    return fail(TEXTS.mappingError, 500);
  }
}
