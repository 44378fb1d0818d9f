// The Codes page's shapes and rules, shared by the loader, the action and the browser (Codes page,
// sections 3, 4, 5, 8, 9). Pure, and free of zod: the form's schema is in codes-form.ts, loaded after the first paint.
import type { Code } from "#contract/codes";
import { completedLabel } from "#contract/codes-display";
import { conflictText } from "#app/utils/action";
import { labelled } from "#app/utils/forms";

/** A row of the table: the code, and the avatar image to show. */
export type CodeRow = Code & { avatarSrc: string };

/** The free-text fields of the Edit Code modal (no validation), in the table's order. */
export const TEXT_FIELDS = [
  { name: "username", label: "Username" },
  { name: "code", label: "Code" },
  { name: "server", label: "Server" },
  { name: "avatar", label: "User Avatar" },
  { name: "mainserver", label: "Main Server" },
  { name: "location", label: "Location" },
  { name: "user", label: "User ID" },
] as const;
export type TextField = (typeof TEXT_FIELDS)[number]["name"];

/** Completed is shown as Yes or No. */
export { completedLabel };

/** The edited fields of a code, as the form sends them. */
export const FORM_FIELDS = [...TEXT_FIELDS.map((f) => f.name), "completed"] as const;

/** Search matches every displayed column (the avatar is a picture, so not its URL). */
export const SEARCH_FIELDS: (keyof Code | ((c: Code) => unknown))[] = [
  "id",
  "username",
  "code",
  "server",
  (c) => completedLabel(c.completed),
  "mainserver",
  "location",
  "user",
];

/** Codes are sorted by id ascending. */
export const byId = (a: Code, b: Code) => a.id - b.id;

/** The page's own URL with a modal opened or closed. */
export const PAGE_PATH = "/dashboard/codes";

/** What the page says after a write. */
export const TEXTS = {
  updated: "Code updated successfully!",
  updateFailed: "Failed to update code. Please try again.",
  updateError: "An error occurred while updating the code.",
  deleted: "Code deleted successfully!",
  deleteFailed: "Failed to delete code. Please try again.",
  deleteError: "An error occurred while deleting the code.",
  /** A save based on an older version of the code (409). */
  conflict: conflictText("code"),
} as const;

/** "Code is at most 500 characters." */
export const codeWording = labelled({
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f.name, f.label])),
  completed: "Completed",
  id: "ID",
});
