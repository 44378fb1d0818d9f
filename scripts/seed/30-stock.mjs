// The 2411 stock sheet: every tab's rows (ARK items, dedis and dinos), and ~20 history snapshots per tab over the last
// five weeks whose newest one is the current state (so Prev Stock and the Version History have something to show).
// Figures follow contract/stock.ts: vault stock = sum of the stock columns, dinos = ready + unready.
import { DAY, insert, objectId } from "./lib.mjs";
import {
  ADMIN_DEDIS,
  ADMIN_VAULT_ITEMS,
  COLOURS,
  DEDI_TODOS,
  DEFENSE_DEDIS,
  DEFENSE_DINOS,
  DEFENSE_VAULT_ITEMS,
  DINO_TODOS,
  VAULT_TODOS,
  WAR_DEDIS,
  WAR_DINOS,
  WAR_VAULT_ITEMS,
} from "./stock-items.mjs";

const HOUR = 3600 * 1000;
const wiki = (name) => `https://ark.wiki.gg/wiki/Special:FilePath/${encodeURIComponent(name.replace(/ /g, "_"))}.png`;

const cellsOf = (n) => Array.from({ length: n }, () => null);
const sum = (list) => list.reduce((s, v) => s + (v ?? 0), 0);

/** Vault cells: most used vaults full (exactly 350), some part-filled, a few emptied. */
function vaultCounts(r, columns) {
  const counts = cellsOf(columns);
  const used = r.int(1, columns);
  for (let i = 0; i < used; i++) {
    const roll = r.next();
    counts[i] = roll < 0.55 ? 350 : roll < 0.85 ? r.int(200, 349) : roll < 0.95 ? r.int(1, 199) : 0;
  }
  return { counts, used };
}

const TABS = [
  { tab: "war-room-vaults", kind: "vault", columns: 18, items: WAR_VAULT_ITEMS, empties: 4 },
  { tab: "defense-room-vaults", kind: "defense-vault", columns: 18, items: DEFENSE_VAULT_ITEMS, empties: 3 },
  { tab: "admin-logistic-vaults", kind: "admin-vault", columns: 12, items: ADMIN_VAULT_ITEMS, empties: 2 },
  { tab: "war-room-dedis", kind: "war-dedis", items: WAR_DEDIS, empties: 2 },
  { tab: "defense-room-dedis", kind: "dedis", items: DEFENSE_DEDIS, empties: 1 },
  { tab: "admin-logistics-dedis", kind: "dedis", items: ADMIN_DEDIS, empties: 1 },
  { tab: "war-room-dinos", kind: "dinos", items: WAR_DINOS, empties: 0 },
  { tab: "defense-room-dinos", kind: "dinos", items: DEFENSE_DINOS, empties: 0 },
];

/** A row's tab fields (current state) and its history figure. */
function rowData(r, spec, entry, emptyIndex) {
  if (emptyIndex) {
    const item = `Empty Item ${emptyIndex}`;
    if (spec.kind === "vault") return { item, counts: cellsOf(18), maxcount: null, todo: null };
    if (spec.kind === "defense-vault") return { item, counts: cellsOf(18), maxStock: null, todo: null };
    if (spec.kind === "admin-vault") return { item, counts: cellsOf(12), target: null, todo: null };
    if (spec.kind === "war-dedis") return { item, currentStock: null, previousStock: null, target: 100, todo: null };
    return { item, currentStock: null, maxStock: null, todo: null };
  }
  const todo = (list) => (r.chance(0.25) ? r.pick(list) : null);
  switch (spec.kind) {
    case "vault": {
      const { counts, used } = vaultCounts(r, 18);
      return { item: entry, counts, maxcount: used * 350 + r.pick([0, 0, 350, 700]), todo: todo(VAULT_TODOS) };
    }
    case "defense-vault": {
      const { counts, used } = vaultCounts(r, 18);
      return { item: entry, counts, maxStock: used * 350 + r.pick([0, 350]), todo: todo(VAULT_TODOS) };
    }
    case "admin-vault": {
      const { counts, used } = vaultCounts(r, 12);
      return { item: entry, counts, target: used * 350, todo: todo(VAULT_TODOS) };
    }
    case "war-dedis": {
      const target = r.pick([100, 100, 100, 150, 200, 300, 500]);
      return {
        item: entry,
        currentStock: r.int(0, Math.round(target * 1.3)),
        previousStock: null,
        target,
        todo: todo(DEDI_TODOS),
      };
    }
    case "dedis": {
      const maxStock = r.pick([1000, 2000, 3000, 6000]);
      return { item: entry, currentStock: r.int(0, maxStock), maxStock, todo: todo(DEDI_TODOS) };
    }
    case "dinos": {
      const [dino, type] = entry;
      const ready = cellsOf(16);
      const unready = cellsOf(16);
      const breeders = r.int(1, 16);
      for (let i = 0; i < breeders; i++) {
        ready[i] = r.chance(0.8) ? r.int(0, 8) : null;
        unready[i] = r.chance(0.6) ? r.int(0, 5) : null;
      }
      return {
        dino,
        type,
        ready,
        unready,
        target: r.pick([10, 15, 20, 30, 40, 60]),
        lastSync: null,
        todo: todo(DINO_TODOS),
      };
    }
  }
}

function figure(kind, data) {
  if (data.counts) return sum(data.counts);
  if (kind === "dinos") return sum(data.ready) + sum(data.unready);
  return data.currentStock;
}

export default function seed({ r, scale, now, people }) {
  const editors = ["Rex Rider", "Tek Breeder", ...people.slice(0, 8).map((p) => p.displayName)];
  const snapshotsPerTab = Math.max(20, Math.round(20 * Math.sqrt(scale)));
  const items = [];
  const history = [];
  const images = new Map();

  for (const spec of TABS) {
    // The catalogue, with a few 'Empty Item N' placeholders mixed in.
    const entries = spec.items.map((entry) => ({ entry, empty: 0 }));
    for (let e = 1; e <= spec.empties; e++) entries.splice(r.int(0, entries.length), 0, { entry: null, empty: e });

    // Snapshot dates over the last five weeks, oldest first; the newest is the current state.
    const dates = Array.from({ length: snapshotsPerTab }, (_, k) => {
      const ago = ((snapshotsPerTab - 1 - k) / (snapshotsPerTab - 1)) * 35 * DAY;
      return Math.round(now - ago - r.int(1, 20) * HOUR);
    });
    const snapshotEditors = dates.map(() => r.pick(editors));

    const rows = entries.map(({ entry, empty }, order) => {
      const data = rowData(r, spec, entry, empty);
      return { data, order, empty: Boolean(empty), name: empty ? data.item : spec.kind === "dinos" ? entry[0] : entry };
    });

    // Walk back in time from the current figures: at each older snapshot some rows had other figures.
    const states = Array.from({ length: snapshotsPerTab }, () => []);
    const lastChange = rows.map(() => 0); // never changed in the window: saved before the oldest snapshot
    const seen = rows.map(() => false);
    states[snapshotsPerTab - 1] = rows.map((row) => figure(spec.kind, row.data));
    for (let k = snapshotsPerTab - 2; k >= 0; k--) {
      states[k] = states[k + 1].map((v, i) => {
        if (rows[i].empty || v === null || !r.chance(0.3)) return v;
        if (!seen[i]) {
          seen[i] = true;
          lastChange[i] = k + 1; // the save that produced the current figure
        }
        const swing = Math.max(1, Math.round(Math.abs(v) * 0.15));
        return Math.max(0, v + r.int(-swing, swing));
      });
    }

    rows.forEach((row, i) => {
      if (spec.kind === "war-dedis" && !row.empty) row.data.previousStock = states[snapshotsPerTab - 2][i];
      if (spec.kind === "dinos" && r.chance(0.5))
        row.data.lastSync = new Date(dates[snapshotsPerTab - 1]).toISOString();
      const at = dates[lastChange[i]];
      const image = !row.empty && r.chance(0.35) ? wiki(row.name) : null;
      if (image) images.set(`${spec.kind === "dinos" ? "dino" : "stock"}:${row.name}`, image);
      const fieldColors = {};
      if (!row.empty && r.chance(0.12))
        fieldColors[r.pick(["item", "todo", "count1", "count2", "count3", "currentStock"])] = r.pick(COLOURS);
      row._id = objectId(r, at);
      items.push({
        _id: row._id,
        tab: spec.tab,
        order: row.order,
        image_url: image,
        is_empty: row.empty,
        field_colors: fieldColors,
        text_color: !row.empty && r.chance(0.05) ? r.pick(["#c00000", "#0070c0"]) : null,
        data: row.data,
        version: row.empty ? 1 : 1 + r.int(0, 14),
        updated_at: at,
        updated_by: snapshotEditors[lastChange[i]],
      });
    });

    const key = spec.kind === "admin-vault" ? "stock" : spec.kind === "dinos" ? "totalRaised" : "currentStock";
    dates.forEach((date, k) => {
      history.push({
        tab: spec.tab,
        date,
        updated_by: snapshotEditors[k],
        items: rows.map((row, i) => ({ itemId: row._id, [key]: states[k][i] })),
      });
    });
  }

  const imageRows = [...images].map(([scoped, image_url]) => {
    const [scope, ...name] = scoped.split(":");
    return { scope, name: name.join(":"), image_url, updated_at: now - r.int(1, 30) * DAY };
  });
  return [
    ...insert("stock_items", items, { chunk: 50 }),
    ...insert(
      "stock_history",
      history.sort((a, b) => a.date - b.date),
      { chunk: 20 },
    ),
    ...insert("item_images", imageRows),
  ];
}
