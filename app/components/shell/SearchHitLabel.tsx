// A search result's words: its name and detail, and the tab it is on; the top bar's list and the Search page share it.
import type { SearchHit } from "#app/routes/_shell.dashboard.search/search.server";

export function SearchHitLabel({ hit }: { hit: SearchHit }) {
  return (
    <>
      <span className="search-hit">
        <span>{hit.name}</span>
        {hit.detail ? <span className="muted small">{hit.detail}</span> : null}
      </span>
      <span className="badge grey">{hit.tab}</span>
    </>
  );
}
