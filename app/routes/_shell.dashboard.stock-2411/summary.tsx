// 2411 Stock's summary card: the tab's counts, who updated it last, and the Version History picker (a GET form).
import type { SerializeFrom } from "@remix-run/cloudflare";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { TEXTS } from "#app/components/stock/rules";
import type { StockTab } from "#contract/stock";
import { withParams } from "#app/utils/table";
import type { loader } from "./route";

export function StockSummary({
  data,
  tab,
  switching,
  isDinos,
}: {
  data: SerializeFrom<typeof loader>;
  tab: StockTab;
  switching: boolean;
  isDinos: boolean;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const here = location.pathname + location.search;
  return (
    <section className="card stock-summary" aria-label={`${data.label} summary`} data-testid="stock-summary">
      {switching ? (
        <p className="stock-loading" role="status">
          <span className="spinner" aria-hidden /> {TEXTS.loading}
        </p>
      ) : (
        <>
          <dl className="stock-stats">
            <div>
              <dt>Items</dt>
              <dd data-testid="summary-items">{data.summary.items}</dd>
            </div>
            <div>
              <dt>{isDinos ? "Total Raised" : "Current Stock"}</dt>
              <dd data-testid="summary-total">{data.summary.total.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>At Target</dt>
              <dd>{data.summary.atTarget}</dd>
            </div>
            <div>
              <dt>Below Target</dt>
              <dd>{data.summary.belowTarget}</dd>
            </div>
          </dl>
          <div className="stock-history">
            <p className="muted small" data-testid="last-updated-by">
              Last Updated By:{" "}
              {data.lastUpdated ? (
                <>
                  <strong>{data.lastUpdated.by}</strong> ·{" "}
                  <time dateTime={data.lastUpdated.iso}>{data.lastUpdated.at}</time>
                </>
              ) : (
                "—"
              )}
            </p>
            <Form method="get" className="stock-history-form" preventScrollReset>
              {["tab", "q", "size", "ready", "unready"].map((k) => {
                const v = new URLSearchParams(location.search).get(k);
                return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
              })}
              {!new URLSearchParams(location.search).get("tab") ? <input type="hidden" name="tab" value={tab} /> : null}
              <label>
                <span>Version History</span>
                <select
                  name="history"
                  value={data.historyView?.id ?? ""}
                  onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
                  disabled={data.history.length === 0}
                >
                  <option value="">{data.history.length === 0 ? "No past versions" : "Select a date"}</option>
                  {data.history.map((h) => (
                    <option key={h.id} value={h.id}>
                      {h.label}
                      {h.updatedBy ? ` · ${h.updatedBy}` : ""}
                    </option>
                  ))}
                </select>
              </label>
              <noscript>
                <button type="submit" className="button small">
                  Show
                </button>
              </noscript>
              {data.historyView ? (
                <Link className="button small" to={withParams(here, { history: null })} preventScrollReset replace>
                  Show Current
                </Link>
              ) : null}
            </Form>
          </div>
        </>
      )}
    </section>
  );
}
