// The Breeder List tab on the sheet engine: the "Good Comms Breed Lines" summary with the server filter, the column
// toggles and the sheet; without JavaScript, the HTML table with a per-row Edit link and its row tools (ADR 055,
// docs/product/breeder.md).
import { useBlocker, useLocation, useRevalidator } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import {
  BREEDER_PATH,
  BREEDER_SERVERS,
  COLOURED_STATS,
  DAYS_SINCE_ALERT,
  STAT_HIGH,
  STAT_LOW,
  STAT_MID,
  statColour,
} from "#contract/breeder";
import { ColourLegend, type LegendItem } from "#app/components/sheet/ColourLegend";
import { dinoColour, dinoIconHtml, dinoInitials } from "#app/components/DinoIcon";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { ColorPickerDialog, UnsavedChangesDialog } from "#app/components/sheet/Dialogs";
import type { CellLook } from "#app/components/sheet/cells";
import type { HtmlCell } from "#app/components/sheet/SheetTable";
import { SheetView } from "#app/components/sheet/SheetView";
import { SheetEditTools, SheetSelectionTools, ToggleLinks } from "#app/components/sheet/SheetTools";
import { unpackRows, type SheetColumn, type SheetRow } from "#app/components/sheet/rules";
import { BREEDER_SHEET } from "#contract/sheet-names";
import { useSheet } from "#app/components/sheet/use-sheet";
import { Pagination } from "#app/components/table/Pagination";
import { LiveStatusBadge } from "#app/realtime/live";
import { escapeHtml, tag } from "#app/utils/html";
import { useHydrated } from "#app/utils/hydrated";
import { ClearFilter, FilterLink } from "#app/components/table/TableToolbar";
import { withParams } from "#app/utils/table";
import {
  breederPayload,
  displayBreeder,
  LIST_TEXTS,
  listColumns,
  checkBreederInput,
  parseBreederInput,
  rowName,
  storedBreederValue,
  type BreederRow,
} from "./list-rules";
import type { BreederListData } from "./breeder-list.server";
import { useCan } from "#app/utils/access";

const FIELDS = { tab: "breeder-list" };

/** A stat's colour and a stale "days since" (red at 10 or more), the same on canvas and in the table. */
const STALE_RED = "#e03131";

function breederColour(column: SheetColumn, row: SheetRow): string | null {
  const value = column.value(row);
  if (COLOURED_STATS.includes(column.id)) return statColour(value);
  if (
    (column.id === "Days since" || column.id === "Days sincetwo") &&
    typeof value === "number" &&
    value >= DAYS_SINCE_ALERT
  )
    return STALE_RED;
  return null;
}

const breederLook = (column: SheetColumn, row: SheetRow, dark: boolean): CellLook | undefined => {
  if (column.name) {
    const name = rowName(row);
    return { badge: { text: dinoInitials(name), colour: dinoColour(name) } };
  }
  const colour = breederColour(column, row);
  return colour ? { fg: colour, bg: `${colour}${dark ? "2e" : "1a"}` } : undefined;
};

/** What the stat colours mean (contract/breeder.ts's thresholds), and the stale days' red. */
const STAT_LEGEND: LegendItem[] = [
  { label: `${COLOURED_STATS.join(", ")} at ${STAT_LOW} or less`, colour: statColour(STAT_LOW)!, as: "text" },
  { label: `at ${STAT_MID}`, colour: statColour(STAT_MID)!, as: "text" },
  { label: `at ${STAT_HIGH} or more, blended between`, colour: statColour(STAT_HIGH)!, as: "text" },
  { label: `Days since ${DAYS_SINCE_ALERT} or more`, colour: STALE_RED, as: "text" },
];

const breederHtml = (column: SheetColumn, row: SheetRow): HtmlCell | undefined => {
  if (column.name) {
    const name = rowName(row);
    return {
      html: tag(
        "span",
        { class: "stock-name" },
        dinoIconHtml(name, row.imageUrl, 24),
        tag("span", {}, escapeHtml(name)),
      ),
    };
  }
  const colour = breederColour(column, row);
  // The text and the tint behind it are drawn by .stat-cell from --stat (app/styles/breeder.css), as the grid draws them.
  return colour ? { className: "stat-cell", style: `--stat:${colour}` } : undefined;
};

export function BreederListTab({ data }: { data: BreederListData }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  const serverRows = useMemo(() => unpackRows<BreederRow>(data.page.rows), [data.page.rows]);

  const columns = useMemo(() => listColumns(data.toggles), [data.toggles]);
  const canEdit = useCan("breeder");
  const sheet = useSheet<BreederRow>({
    rows: serverRows,
    columns,
    action: `${BREEDER_PATH}?tab=breeder-list`,
    fields: FIELDS,
    texts: LIST_TEXTS,
    rowName,
    stored: storedBreederValue,
    parse: parseBreederInput,
    check: checkBreederInput,
    display: useCallback(
      (row: BreederRow, cells: Parameters<typeof displayBreeder>[1]) => displayBreeder(row, cells),
      [],
    ),
    payload: breederPayload,
    reorder: "swap",
    readOnly: !canEdit,
    presence: BREEDER_SHEET,
  });
  // Discard reloads from the server.
  const reload = () => revalidator.revalidate();
  // Leaving the tab or the page with pending edits asks first (Save & Switch, Discard Changes, Cancel).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      sheet.pendingRows > 0 &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(currentLocation.search).get("tab") !== new URLSearchParams(nextLocation.search).get("tab")),
  );

  const filterHref = (server: string | null) => withParams(here, { server, page: null, edit: null });
  const toggleHref = (key: "base" | "mut", on: boolean) =>
    withParams(here, key === "base" ? { base: on ? "0" : null, edit: null } : { mut: on ? null : "1", edit: null });
  const { summary } = data;

  return (
    <>
      <section className="card breeder-summary" aria-label={LIST_TEXTS.title} data-testid="breeder-summary">
        <div className="breeder-summary-head">
          <h2>{LIST_TEXTS.title}</h2>
          <LiveStatusBadge />
        </div>
        <dl className="stock-stats">
          <div>
            <dt>Total Breeders</dt>
            <dd data-testid="total-breeders">{summary.breeders}</dd>
          </div>
          <div>
            <dt>Last Updated</dt>
            <dd>{summary.lastUpdated ? <time dateTime={summary.lastUpdated}>{summary.lastUpdatedText}</time> : "—"}</dd>
          </div>
          <div>
            <dt>Total 0/0&apos;s</dt>
            <dd data-testid="total-zeros">{summary.total}</dd>
          </div>
        </dl>
        <div className="server-summary" role="group" aria-label="Server Summary">
          <span className="muted small">Server Summary</span>
          {BREEDER_SERVERS.map((id) => {
            const active = data.filter === id;
            return (
              <FilterLink
                key={id}
                to={filterHref(active ? null : id)}
                on={active}
                className={`button small toggle${active ? " on" : ""}`}
                testId={`server-${id}`}
              >
                {id} <strong>{summary.servers[id]}</strong>
              </FilterLink>
            );
          })}
          {data.filter ? <ClearFilter href={filterHref(null)} /> : null}
        </div>
      </section>

      <section className="card stock-card">
        <div className="stock-toolbar" role="toolbar" aria-label="Breeder list tools">
          <ToggleLinks
            toggles={
              [
                ["base", data.toggles.base, "Base Stats Details"],
                ["mut", data.toggles.mut, "Mut Details"],
              ] as const
            }
            toggleHref={toggleHref}
          />
          <SheetEditTools sheet={sheet} hydrated={hydrated} canEdit={canEdit} importHref={`${BREEDER_PATH}/import`} />
          <SheetSelectionTools sheet={sheet} audited="breeder_list" />
        </div>
        {!data.toggles.mut ? <p className="muted small mut-summary">{LIST_TEXTS.mutHidden}</p> : null}
        <StaleSince asOf={data.staleAsOf} what="the breeder list" />
        <LoadError message={data.failed ? LIST_TEXTS.loadFailed : null} />

        {data.failed ? null : data.page.total === 0 ? (
          <p className="empty-state" data-testid="breeder-empty">
            {LIST_TEXTS.empty}
          </p>
        ) : (
          <SheetView
            sheet={sheet}
            rows={serverRows}
            packed={data.page.rows}
            label={LIST_TEXTS.title}
            loading={LIST_TEXTS.loading}
            look={breederLook}
            htmlLook={breederHtml}
            hidden={FIELDS}
            rowName={rowName}
            ends={data.ends}
            editing={data.editing}
            testId="breeder"
            audited="breeder_list"
            onDiscard={reload}
          />
        )}
        <ColourLegend title="Colours" items={STAT_LEGEND} testId="breeder-legend" />
        <Pagination page={data.page} sheet={data.size} />
      </section>

      {sheet.picking ? (
        <ColorPickerDialog
          count={sheet.selection.count}
          busy={sheet.colourBusy}
          onSave={sheet.saveColour}
          onClose={sheet.closePicker}
        />
      ) : null}
      {blocker.state === "blocked" ? (
        <UnsavedChangesDialog
          rows={sheet.pendingRows}
          onSave={() => sheet.save(() => blocker.proceed())}
          onDiscard={() => {
            sheet.discard();
            blocker.proceed();
          }}
          onCancel={() => blocker.reset()}
        />
      ) : null}
    </>
  );
}
