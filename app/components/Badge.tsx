import type { Tone } from "#app/routes/server-stats-page/servers";

/** A short coloured label: a status, a list, a tag. The tone is its colour; the words say the same without it. */
export function Badge({ tone, children, testId }: { tone: Tone; children: React.ReactNode; testId?: string }) {
  return (
    <span className={`badge ${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
