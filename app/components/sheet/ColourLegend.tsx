// What a sheet's colours mean, under the sheet: a swatch (a cell's fill, or a sample of text in its colour) and words.
// Server-rendered, so it is there without JavaScript.

export type LegendItem = { label: string; colour: string; as?: "fill" | "text" };

export function ColourLegend({ title, items, testId }: { title: string; items: LegendItem[]; testId: string }) {
  return (
    <div className="colour-legend" data-testid={testId}>
      <span className="colour-legend-title">{title}</span>
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            {item.as === "text" ? (
              <span
                className="legend-text pick"
                style={{ "--pick": item.colour } as React.CSSProperties}
                aria-hidden="true"
              >
                Aa
              </span>
            ) : (
              <span className="legend-fill" style={{ background: item.colour }} aria-hidden="true" />
            )}
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
