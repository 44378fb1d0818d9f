// A figure's source and age: "Roster collector 2411 · 3 minutes ago", in amber once the source is past its
// expected interval and in red once it is silent, saying since when. What counts as late or silent is
// contract/sources.ts's freshness().
import { freshness, intervalWords, type Freshness, type SourceState } from "#contract/sources";
import { formatDateTime, relativeTime } from "#app/utils/dates";

const TONES: Record<Freshness, string> = { fresh: "fresh", late: "late", silent: "silent", never: "silent" };

/** The age of a source a loader read (sourceOf), when it read one. */
export function SourceAgeOf({
  source,
  ...rest
}: {
  source: Pick<SourceState, "label" | "lastObservedAt" | "intervalMs"> | null;
  now: number;
  timeZone: string;
}) {
  if (!source) return null;
  return <SourceAge label={source.label} observedAt={source.lastObservedAt} intervalMs={source.intervalMs} {...rest} />;
}

export function SourceAge({
  label,
  observedAt,
  intervalMs,
  now,
  timeZone,
  testId = "source-age",
}: {
  label: string;
  observedAt: number | null;
  intervalMs: number;
  now: number;
  timeZone: string;
  testId?: string;
}) {
  const state = freshness(observedAt, intervalMs, now);
  return (
    <span className={`source-age ${TONES[state]}`} data-testid={testId} data-freshness={state}>
      <span className="source-dot" aria-hidden />
      <span>
        {label}:{" "}
        {observedAt === null ? (
          "no report yet"
        ) : (
          <time dateTime={new Date(observedAt).toISOString()} title={formatDateTime(observedAt, timeZone)}>
            {relativeTime(observedAt, now)}
          </time>
        )}
        {state === "late" || state === "silent" ? (
          <>
            {" "}
            · no report since {formatDateTime(observedAt!, timeZone)} (expected every {intervalWords(intervalMs)})
          </>
        ) : null}
      </span>
    </span>
  );
}
