// Sources (admin): where every figure comes from (the official server list, the roster collectors, the Discord
// bot, the weekly report), when each last reported and what it last got wrong, how often each is expected; and the
// Discord channels alerts go to, with their latest deliveries. Every form is a plain POST: no JavaScript needed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { ALERT_KIND_IDS, ALERT_KINDS, DEFAULT_STOCK_PERCENT } from "#contract/alerts";
import { intervalWords, kindOf, MAX_INTERVAL_MINUTES, SOURCE_KINDS, type SourceState } from "#contract/sources";
import { MINUTE_MS } from "#contract/time";
import { SourceAge } from "#app/components/SourceAge";
import { LoadError } from "#app/components/HostNotice";
import { PageHeader } from "#app/components/PageHeader";
import { EmptyRow } from "#app/components/table/EmptyRow";
import { columnHeads, ScrollTable } from "#app/components/table/ScrollTable";
import { formatDateTime } from "#app/utils/dates";
import { loadSources, sourcesAction } from "./sources.server";
import type { Channel, Delivery } from "./sources.server";
import { json } from "#app/utils/json.server";

export const meta: MetaFunction = () => [{ title: "Sources · ARK Tribe Dashboard" }];

export const loader = async ({ request, context }: LoaderFunctionArgs) => json(await loadSources(request, context));
export const action = ({ request, context }: ActionFunctionArgs) => sourcesAction(request, context);

const STATUS_TONES: Record<Delivery["status"], string> = { sent: "green", pending: "yellow", failed: "red" };

/** A source whose last contact, after its last error, went well. */
const recovered = (s: SourceState) =>
  s.lastErrorAt !== null && s.lastContactAt !== null && s.lastContactAt > s.lastErrorAt;

export default function SourcesPage() {
  const data = useLoaderData<typeof loader>();
  const when = (ms: number | null) => (ms ? formatDateTime(ms, data.timeZone) : "—");
  return (
    <div className="sources-page">
      <PageHeader
        title="Sources"
        summary={
          <>
            Where the server stats, logs and weekly members come from. A source past its expected interval shows amber
            on its screens, and red once it is silent for three intervals.
          </>
        }
      />
      <LoadError message={data.error} />

      <section className="card" aria-labelledby="sources-heading">
        <h2 id="sources-heading">Sources</h2>
        <ScrollTable
          className="table sources-table table-cards"
          testId="sources-table"
          head={columnHeads(["Source", "Last report", "Last contact", "Last error", "Expected every"])}
        >
          {data.sources.map((s) => (
            <tr key={s.id} data-testid={`source-${s.id}`}>
              <td data-label="Source">
                <strong>{s.label}</strong>
                <div className="muted small">{SOURCE_KINDS[kindOf(s.id)].what}</div>
              </td>
              <td data-label="Last report">
                {s.active ? (
                  <SourceAge
                    label="Observed"
                    observedAt={s.lastObservedAt}
                    intervalMs={s.intervalMs}
                    now={data.now}
                    timeZone={data.timeZone}
                  />
                ) : (
                  <span className="muted small" data-testid="source-unused">
                    Not used here
                  </span>
                )}
              </td>
              <td className="nowrap" data-label="Last contact">
                {when(s.lastContactAt)}
              </td>
              <td data-label="Last error">
                {s.lastError ? (
                  <>
                    <span className={recovered(s) ? "muted" : "error-text"}>{s.lastError}</span>
                    <div className="muted small">
                      {when(s.lastErrorAt)}
                      {recovered(s) ? ", answered well since" : ""}
                    </div>
                  </>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td data-label="Expected every">
                <Form method="post" className="interval-form" preventScrollReset>
                  <input type="hidden" name="intent" value="interval" />
                  <input type="hidden" name="source" value={s.id} />
                  <label>
                    <span className="sr-only">Expected interval of {s.label}, in minutes</span>
                    <input
                      type="number"
                      name="minutes"
                      min={1}
                      max={MAX_INTERVAL_MINUTES}
                      step={1}
                      defaultValue={Math.round(s.intervalMs / MINUTE_MS)}
                      key={s.intervalMs}
                      className="minutes-input"
                    />
                  </label>{" "}
                  min{" "}
                  <button type="submit" className="button small">
                    Save
                  </button>
                  <div className="muted small">Default: {intervalWords(SOURCE_KINDS[kindOf(s.id)].interval)}</div>
                </Form>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>

      <section className="card" aria-labelledby="alerts-heading">
        <h2 id="alerts-heading">Discord alerts</h2>
        <p className="muted small">
          Each channel is a Discord webhook (Channel settings → Integrations → Webhooks → Copy Webhook URL). Its address
          is kept secret and shown here only in part. Alerts are sent within a minute, at most five a minute per
          channel, and retried with growing waits when Discord fails.
        </p>
        {data.channels.length ? (
          <ul className="channel-list" data-testid="channels">
            {data.channels.map((c) => (
              <ChannelItem key={c.id} channel={c} />
            ))}
          </ul>
        ) : (
          <p className="empty-state">No channel yet: alerts show only in open browsers.</p>
        )}

        <Form method="post" className="channel-form" data-testid="add-channel" preventScrollReset>
          <h3>Add a channel</h3>
          <input type="hidden" name="intent" value="add-channel" />
          <label>
            <span>Name</span>
            <input type="text" name="name" required maxLength={60} placeholder="#raid-alerts" />
          </label>
          <label className="wide">
            <span>Webhook URL</span>
            <input type="url" name="url" required placeholder="https://discord.com/api/webhooks/…" autoComplete="off" />
          </label>
          <KindFields kinds={["enemy-online", "server-offline"]} stockPercent={DEFAULT_STOCK_PERCENT} />
          <button type="submit" className="button primary">
            Add channel
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Latest deliveries</h2>
        <ScrollTable
          className="table table-cards"
          testId="deliveries"
          head={columnHeads(["Queued", "Channel", "Message", "Status", "Last result"])}
        >
          {data.deliveries.length === 0 ? (
            <EmptyRow columns={5} text="Nothing sent yet." />
          ) : (
            data.deliveries.map((d) => (
              <tr key={d.id} data-testid="delivery" data-status={d.status}>
                <td className="nowrap" data-label="Queued">
                  {when(d.createdAt)}
                </td>
                <td data-label="Channel">{d.channel}</td>
                <td data-label="Message">{d.content}</td>
                <td data-label="Status">
                  <span className={`badge ${STATUS_TONES[d.status]}`}>
                    {d.status === "pending" && d.attempts > 0 ? "retrying" : d.status}
                  </span>
                  <div className="muted small">
                    {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                    {d.status === "pending" && d.attempts > 0 ? `, next at ${when(d.nextAttemptAt)}` : ""}
                  </div>
                </td>
                <td className="small" data-label="Last result">
                  {d.lastResult ?? "—"}
                </td>
              </tr>
            ))
          )}
        </ScrollTable>
      </section>
    </div>
  );
}

function KindFields({ kinds, stockPercent }: { kinds: readonly string[]; stockPercent: number }) {
  return (
    <fieldset className="kind-fields">
      <legend>Send</legend>
      {ALERT_KIND_IDS.map((k) => (
        <label key={k} className="check">
          <input type="checkbox" name="kinds" value={k} defaultChecked={kinds.includes(k)} /> {ALERT_KINDS[k]}
        </label>
      ))}
      <label>
        <span>Stock below</span>{" "}
        <input
          type="number"
          name="stockPercent"
          min={1}
          max={100}
          defaultValue={stockPercent}
          className="minutes-input"
        />{" "}
        % of its target
      </label>
    </fieldset>
  );
}

function ChannelItem({ channel }: { channel: Channel }) {
  return (
    <li className="channel" data-testid={`channel-${channel.name}`}>
      <div className="channel-head">
        <strong>{channel.name}</strong> <code className="muted small">{channel.webhook}</code>
        <span className="spacer" />
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="test-channel" />
          <input type="hidden" name="id" value={channel.id} />
          <button type="submit" className="button small">
            Send test
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete-channel" />
          <input type="hidden" name="id" value={channel.id} />
          <button type="submit" className="button small danger">
            Remove
          </button>
        </Form>
      </div>
      <Form method="post" className="channel-kinds" preventScrollReset>
        <input type="hidden" name="intent" value="update-channel" />
        <input type="hidden" name="id" value={channel.id} />
        <KindFields kinds={channel.kinds} stockPercent={channel.stockPercent} />
        <button type="submit" className="button small">
          Save alerts of {channel.name}
        </button>
      </Form>
    </li>
  );
}
