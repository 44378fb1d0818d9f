// Breeder: five tabs under one search, the tab in the URL and remembered, the Add Mapping and Add Image dialogs, and
// live reloads; all of it works without JavaScript. Server flow in breeder.server.ts (docs/product/breeder.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BREEDER_TAB_LABELS, BREEDER_TABS, type BreederTab } from "#contract/breeder";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { useHydrated } from "#app/utils/hydrated";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import styles from "#app/styles/breeder.css?url";
import { sheetStyles } from "#app/components/sheet/styles";
import { NAMES_PATH, PAGE_PATH, TAB_MEMORY, TEXTS, type BreederDialog } from "./breeder";
import { BreederListTab } from "./breeder-list";
import { breederAction, loadBreederPage } from "./breeder.server";
import { ClaimsTab } from "./claims";
import { CodesGivenTab } from "./codes-given";
import { BreederDialogs } from "./dialogs";
import { DialogOpener } from "#app/components/sheet/SheetTools";
import { FfaTab } from "./ffa";
import { LeaderboardTab } from "./leaderboard";
import { TabNav } from "#app/components/TabNav";
import { gridPreloadMeta } from "#app/components/sheet/preload";
import { useCan } from "#app/utils/access";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Breeder · ARK Tribe Dashboard" },
  ...gridPreloadMeta(data?.gridPreload),
];
// The breeder list is a sheet: the sheet's styles first, then the breeder page's own.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: sheetStyles },
  { rel: "stylesheet", href: styles },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadBreederPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => breederAction(request, context);

export default function BreederPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Parameters<typeof BreederDialogs>[0]["actionData"];
  const tab = data.tab as BreederTab;
  const hydrated = useHydrated();
  const location = useLocation();
  const here = location.pathname + location.search;
  // Breeder_list_update and breeder_update reload the page (their toasts come from the shell).
  useLiveRevalidate(["breeder_list_update", "breeder_update"]);
  useRememberedTab(TAB_MEMORY, { tab, hasTabParam: data.hasTabParam, here });

  // The dialogs' dino names: drawn with the page when the URL opens a dialog, else fetched when a person reaches for
  // one of the header's buttons (pointer over it, focus, or a press), and again after a failure. Remix reloads them
  // with the page's data after a save or a live reload.
  const namesFetcher = useFetcher<{ names: string[] | null; error?: string }>({ key: "breeder-dino-names" });
  const wantNames = () => {
    if (!data.dinos && namesFetcher.state === "idle" && !namesFetcher.data?.names) namesFetcher.load(NAMES_PATH);
  };
  const names = data.dinos ?? namesFetcher.data?.names ?? null;
  const namesPending =
    namesFetcher.state === "idle" && namesFetcher.data?.error ? namesFetcher.data.error : TEXTS.namesLoading;

  const canEdit = useCan("breeder");
  const [dialog, setDialog] = useState<BreederDialog | null>(null);
  // Opened by the URL (?dialog=) before the page ran JavaScript: keep it open.
  useEffect(() => {
    if (data.dialog) setDialog(data.dialog);
  }, [data.dialog]);
  const closeHref = withParams(here, { dialog: null });
  const navigate = useNavigate();
  const closeDialog = () => {
    setDialog(null);
    if (new URLSearchParams(location.search).has("dialog"))
      navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  // The tabs' page sizes have different defaults (the list 100, the others 25): a tab opens at its own.
  const tabHref = (t: BreederTab) => withParams(PAGE_PATH, { tab: t, q: data.q || null });
  const opener = (kind: BreederDialog, label: string) => (
    <DialogOpener
      hydrated={hydrated}
      href={withParams(here, { dialog: kind, edit: null })}
      label={label}
      onWant={wantNames}
      onOpen={() => {
        wantNames();
        setDialog(kind);
      }}
    />
  );

  return (
    <div className="breeder-page">
      <div className="page-header">
        <h1>{TEXTS.title}</h1>
        <div className="breeder-actions">
          {tab === "breeder-list" ? null : <LiveStatusBadge />}
          {canEdit ? opener("mapping", "Add Mapping") : null}
          {canEdit ? opener("image", "Add Image") : null}
        </div>
      </div>

      <TableToolbar
        q={data.q}
        // The breeder list shows no page-size options (it opens at 100); the other tabs do.
        size={data.list ? undefined : data.size}
        placeholder={TEXTS.search}
        // The list's whole view (size=all, ADR 066) stays whole while searched.
        keep={["tab", "filter", "cq", "server", "base", "mut", ...(data.list ? ["size"] : [])]}
        exportable
      />

      <TabNav
        tabs={BREEDER_TABS}
        active={tab}
        label="Breeder tabs"
        className="breeder-tabs"
        href={tabHref}
        text={(t) => BREEDER_TAB_LABELS[t]}
      />

      {data.list ? <BreederListTab data={data.list as Parameters<typeof BreederListTab>[0]["data"]} /> : null}
      {data.ffa ? <FfaTab data={data.ffa as Parameters<typeof FfaTab>[0]["data"]} /> : null}
      {data.codes ? <CodesGivenTab data={data.codes as Parameters<typeof CodesGivenTab>[0]["data"]} /> : null}
      {data.claims ? <ClaimsTab data={data.claims as Parameters<typeof ClaimsTab>[0]["data"]} /> : null}
      {data.stats ? <LeaderboardTab data={data.stats as Parameters<typeof LeaderboardTab>[0]["data"]} /> : null}

      <BreederDialogs
        open={canEdit ? dialog : null}
        serverDialog={canEdit ? data.dialog : null}
        hydrated={hydrated}
        names={names}
        namesPending={namesPending}
        closeHref={closeHref}
        actionData={actionData}
        onClose={closeDialog}
      />
    </div>
  );
}
