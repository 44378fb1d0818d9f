import { ErrorBox } from "#app/components/ErrorBox";
import { PlayersBack } from "./links";

/**
 * A player or tribe page with nothing to show: "not found" when the host has never seen it (`missing`), else the
 * failed read with its reason.
 */
export function PlayersPageMissing({
  what,
  missing,
  error,
  children,
}: {
  what: "player" | "tribe";
  missing: boolean;
  error: string | null | undefined;
  /** Why nothing was found. */
  children: React.ReactNode;
}) {
  return (
    <div className="players-page">
      <PlayersBack />
      {missing ? (
        <section className="card" data-testid={`${what}-missing`}>
          <h1>{what === "player" ? "Player" : "Tribe"} not found</h1>
          <p className="muted">{children}</p>
        </section>
      ) : (
        <ErrorBox title={`Error loading the ${what}`} message={error ?? ""} />
      )}
    </div>
  );
}
