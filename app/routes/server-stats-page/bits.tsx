// Small pieces of the server stats screens: platform icons, relative times and empty states.
import { relativeTime } from "#app/utils/dates";
import { useNow } from "#app/utils/now";
import type { PlatformKind } from "./servers";
import { SvgPath } from "#app/components/icons";
import { CELL_ICON_SIZE } from "#app/components/grid/geometry";

/**
 * Line glyphs for the three platforms with icons, as SVG paths in a 24-unit box, stroked: inline SVG
 * in the HTML table (so they render on the server), Path2D on the canvas grid.
 */
export const PLATFORM_PATHS: Record<"steam" | "xbl" | "psn", string> = {
  // A wheel and its piston rod, after Steam's mark.
  steam:
    "M12 2a10 10 0 100 20 10 10 0 000-20zM15.5 6.5a2.5 2.5 0 110 5 2.5 2.5 0 010-5zM3 13l5.5 2.3M13.4 10.8L9.6 14.6M8.5 13.5a2 2 0 110 4 2 2 0 010-4z",
  // A sphere crossed by an X, after Xbox's mark.
  xbl: "M12 2a10 10 0 100 20 10 10 0 000-20zM6.5 5.5c3 1.5 8 8 11 13M17.5 5.5c-3 1.5-8 8-11 13",
  // A controller.
  psn: "M7 8h10a5 5 0 015 5v1.5a2.5 2.5 0 01-4.4 1.6L16 14H8l-1.6 2.1A2.5 2.5 0 012 14.5V13a5 5 0 015-5zM7.5 10.5v3M6 12h3M15.5 11h.01M17.5 13h.01",
};

export const platformIcon = (kind: PlatformKind): string | null =>
  kind === "steam" || kind === "xbl" || kind === "psn" ? PLATFORM_PATHS[kind] : null;

export function PlatformCell({ kind, label }: { kind: PlatformKind; label: string }) {
  if (kind === "none") return <span className="muted">-</span>;
  return (
    <span className="platform" data-platform={kind}>
      {platformIcon(kind) ? (
        <SvgPath d={platformIcon(kind)!} size={CELL_ICON_SIZE} className={`platform-icon platform-${kind}`} />
      ) : null}
      {label}
    </span>
  );
}

export function SteamLink({ href }: { href: string | null }) {
  if (!href) return <span className="muted">-</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="steam-link">
      View Profile
    </a>
  );
}

/** A time as "N minutes ago", kept current by the page's clock (its ticks re-render this text only). */
export function RelativeTime({ at, serverNow, testId }: { at: number | null; serverNow: number; testId?: string }) {
  const now = useNow(serverNow);
  const label = relativeTime(at, now);
  if (at === null) return <span data-testid={testId}>{label}</span>;
  return (
    <time dateTime={new Date(at).toISOString()} title={new Date(at).toISOString()} data-testid={testId}>
      {label}
    </time>
  );
}

export function EmptyState({ title, text, detail }: { title: string; text?: string; detail?: string | null }) {
  return (
    <div className="empty-state stats-empty" data-testid="stats-empty">
      <strong>{title}</strong>
      {text ? <p>{text}</p> : null}
      {detail ? <p className="stats-empty-detail">{detail}</p> : null}
    </div>
  );
}
