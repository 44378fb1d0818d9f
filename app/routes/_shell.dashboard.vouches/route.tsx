// Vouches: search, page size and page in the URL, one page of vouches sorted by id, per-row delete, kick and avatar
// fetch; an HTML table with server-rendered confirmations without JavaScript, a canvas grid with modals, optimistic
// changes and live reloads with it (docs/product/vouches.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useMemo, useState } from "react";
import { CanvasTable } from "#app/components/grid/CanvasTable";
import { Icon } from "#app/components/icons";
import { ConfirmModal } from "#app/components/Modal";
import { useNotifications } from "#app/components/notifications/notifications";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { SelectionBar, useSelectedRow } from "#app/components/table/SelectionBar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { FETCHER_FIELDS, type Answer } from "#app/utils/action";
import { useAfterPaint } from "#app/utils/after-paint";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { useHydrated } from "#app/utils/hydrated";
import { withParams } from "#app/utils/table";
import styles from "#app/styles/vouches.css?url";
import { useCan } from "#app/utils/access";
import { AvatarCell, columnsFor, nameOf, StatusBadge, VouchesTable } from "./VouchesTable";
import { optimisticRows, TEXTS, type VouchRow } from "./vouches";
import { loadVouches, vouchesAction } from "./vouches.server";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { PageHeader } from "#app/components/PageHeader";

/** The row actions' check (zod), loaded after the first paint. */
const loadActionCheck = () => import("./vouches-action");

export const meta: MetaFunction = () => [{ title: "Vouches · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadVouches(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => vouchesAction(request, context);

const rowKey = (r: VouchRow) => r._id;

/** "Vouch #12 · rexhunter, vouched 3/4/2026 by rexrider" under a confirmation's question. */
const describe = (r: VouchRow) =>
  `Vouch #${r.id} · ${nameOf(r)}${r.vouchedAt ? `, vouched ${r.vouchedAt}` : ""}${r.vouchedByUsername ? ` by ${r.vouchedByUsername}` : ""}`;

type Asking = { kind: "delete" | "kick"; row: VouchRow };

export default function VouchesPage() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["vouches_update"]);
  const hydrated = useHydrated();
  const { notify } = useNotifications();
  const location = useLocation();
  const here = withParams(location.pathname + location.search, { confirm: null, id: null });
  const cancelHref = here;

  // One fetcher per kind of write. Each answers its toast as data (app/utils/action.ts); while a write is on its way
  // the rows already show its outcome: a deleted vouch is gone, a kicked user's vouches are Remove Pending.
  const deleter = useFetcher<Answer>();
  const kicker = useFetcher<Answer>();
  const avatars = useFetcher<Answer>();
  useAnswerToast(deleter.data);
  useAnswerToast(kicker.data);
  useAnswerToast(avatars.data);
  const pending = useMemo(() => {
    const value = (f: { formData?: FormData }, name: string) => (f.formData ? [String(f.formData.get(name))] : []);
    return {
      deleting: new Set(value(deleter, "_id")),
      kicking: new Set(value(kicker, "vouchedId")),
      fetchingAvatar: new Set(value(avatars, "_id")),
    };
  }, [deleter, kicker, avatars]);
  const rows = useMemo(() => optimisticRows(data.page.rows, pending), [data.page.rows, pending]);

  const post = (fetcher: typeof deleter, fields: Record<string, string>) =>
    fetcher.submit(
      { ...fields, ...FETCHER_FIELDS, redirectTo: here },
      { method: "post", action: location.pathname, preventScrollReset: true },
    );
  const send = (fields: Record<string, string>) => post(fields.intent === "delete" ? deleter : kicker, fields);
  const fetchAvatar = (row: VouchRow) => post(avatars, { intent: "fetch-avatar", _id: row._id });
  const navigate = useNavigate();

  const { selected, select } = useSelectedRow(rows);
  const [asking, setAsking] = useState<Asking | null>(null);

  const check = useAfterPaint(loadActionCheck);
  const askKick = (row: VouchRow) => {
    // The action's own check, before asking (once loaded, after the first paint): a row without a vouched id cannot be
    // kicked. The action checks it in any case.
    const checked = check?.checkVouchAction(new URLSearchParams({ intent: "kick", vouchedId: row.vouched ?? "" }));
    if (checked && "refusal" in checked) return notify(checked.refusal);
    setAsking({ kind: "kick", row });
  };
  const confirm = () => {
    if (!asking) return;
    const { kind, row } = asking;
    if (kind === "delete") send({ intent: "delete", _id: row._id });
    else send({ intent: "kick", vouchedId: row.vouched ?? "" });
    setAsking(null);
  };

  const canEdit = useCan("vouches");
  const canKick = useCan("kick");
  const table = <VouchesTable rows={rows} here={here} canEdit={canEdit} canKick={canKick} />;
  const urlConfirm = data.confirm;
  const urlFields: Record<string, string> = !urlConfirm
    ? {}
    : urlConfirm.kind === "delete"
      ? { intent: "delete", _id: urlConfirm.row._id, redirectTo: here }
      : { intent: "kick", vouchedId: urlConfirm.row.vouched ?? "", redirectTo: here };

  return (
    <div className="vouches-page">
      <PageHeader
        title="Vouches"
        summaryClassName="vouches-subtitle"
        summary={
          data.q
            ? `${data.page.total} ${data.page.total === 1 ? "vouch matches" : "vouches match"} “${data.q}”`
            : `${data.page.total} ${data.page.total === 1 ? "vouch" : "vouches"}, sorted by ID`
        }
      >
        <LiveStatusBadge />
      </PageHeader>

      <StaleSince asOf={data.stale} what="vouches" />

      <section className="card vouches-card">
        <TableToolbar q={data.q} size={data.size} placeholder={TEXTS.search} exportable />

        {data.loadError ? (
          <LoadError message={data.loadError} />
        ) : rows.length === 0 ? (
          <p className="empty-state" data-testid="vouches-empty">
            {TEXTS.empty}
          </p>
        ) : (
          <>
            {hydrated ? (
              <SelectionBar
                label="Selected vouch"
                canEdit={canEdit}
                editHint="Select a row to delete the vouch, kick the user or fetch a missing avatar."
                className="vouches-actionbar"
                testId="vouches-actionbar"
              >
                {selected ? (
                  <>
                    <AvatarCell
                      row={selected}
                      redirectTo={here}
                      busy={pending.fetchingAvatar.has(selected._id)}
                      onFetch={fetchAvatar}
                      readOnly={!canEdit}
                    />
                    <span className="vouches-selected">
                      Vouch <strong>#{selected.id}</strong> ·{" "}
                      {selected.vouchedUsername || selected.vouched || "unknown user"}{" "}
                      <StatusBadge status={selected.status} />
                    </span>
                    {selected.canFetchAvatar && canEdit ? (
                      <span className="muted small">Click the avatar to fetch it.</span>
                    ) : null}
                    {canEdit ? (
                      <button
                        type="button"
                        className="button small danger"
                        onClick={() => setAsking({ kind: "delete", row: selected })}
                      >
                        <Icon name="trash" size={14} /> Delete
                      </button>
                    ) : null}
                    {canKick ? (
                      <button type="button" className="button small" onClick={() => askKick(selected)}>
                        <Icon name="kick" size={14} /> Kick
                      </button>
                    ) : null}
                  </>
                ) : null}
              </SelectionBar>
            ) : null}
            <CanvasTable
              rows={rows}
              columns={columnsFor(canEdit)}
              rowKey={rowKey}
              onSelect={select}
              label="Vouches"
              fallback={table}
            />
          </>
        )}

        <Pagination page={data.page} />
      </section>

      {asking ? (
        <VouchConfirm
          key={`${asking.kind}-${asking.row._id}`}
          {...asking}
          action={location.pathname}
          fields={{}}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      ) : urlConfirm ? (
        <VouchConfirm
          key={`url-${urlConfirm.kind}-${urlConfirm.row._id}`}
          kind={urlConfirm.kind}
          row={urlConfirm.row}
          action={location.pathname}
          fields={urlFields}
          closeHref={cancelHref}
          onConfirm={
            hydrated
              ? () => {
                  const { intent: _intent, redirectTo: _to, ...ids } = urlFields;
                  send({ intent: urlConfirm.kind, ...ids });
                  navigate(cancelHref, { replace: true, preventScrollReset: true });
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

/** The delete or kick question about a vouch (opened by state, or by the URL: ?confirm=...&id=...). */
function VouchConfirm({
  kind,
  row,
  ...rest
}: { kind: string; row: VouchRow } & Pick<
  React.ComponentProps<typeof ConfirmModal>,
  "action" | "fields" | "onConfirm" | "onClose" | "closeHref"
>) {
  return (
    <ConfirmModal
      testId="vouches-confirm"
      className="vouches-dialog"
      title={kind === "delete" ? "Delete vouch" : "Kick user"}
      question={kind === "delete" ? TEXTS.confirmDelete : TEXTS.confirmKick(row.vouched ?? "")}
      detail={describe(row)}
      confirmLabel={kind === "delete" ? "Delete" : "Kick"}
      {...rest}
    />
  );
}
