// The tribelist's columns: the canvas grid's and the HTML table's (its cells where they differ from the text).
import { idColumn } from "#app/components/MemberName";
import { type GridColumnDef } from "#app/components/grid/types";
import { type EntryRow } from "./tribelists";

const RANK_COLORS: Record<string, { fg: string; bg: string }> = {
  Owner: { fg: "#d9480f", bg: "rgba(217, 72, 15, 0.14)" },
  Admin: { fg: "#1c7ed6", bg: "rgba(28, 126, 214, 0.14)" },
};

/** The columns of the canvas grid and of the HTML table (its cells where they differ from the text). */
export const COLUMNS: GridColumnDef<EntryRow>[] = [
  { id: "position", title: "ID", width: 64, priority: 3, kind: "number", value: (r) => r.position },
  { id: "name", title: "Name", width: 220, priority: 1, editable: true, value: (r) => r.name, className: "entry-name" },
  idColumn<EntryRow>("discordId", "Discord ID", (r) => r.discordId, { width: 200, editable: true }),
  { id: "avatar", title: "Avatar", width: 80, kind: "image", value: (r) => r.avatar },
  {
    id: "rank",
    title: "Rank",
    width: 100,
    kind: "badge",
    value: (r) => r.rank,
    colors: (r) => (r.rank ? RANK_COLORS[r.rank] : undefined),
    render: (r) =>
      r.rank ? <span className={`badge ${r.rank === "Owner" ? "yellow" : "blue"}`}>{r.rank}</span> : null,
  },
  { id: "nationality", title: "Nationality", width: 120, value: (r) => r.nationality },
  {
    id: "actions",
    title: "Actions",
    width: 120,
    priority: 1,
    value: () => "Edit · Delete",
    className: "actions",
    headerClassName: "actions",
  },
];
