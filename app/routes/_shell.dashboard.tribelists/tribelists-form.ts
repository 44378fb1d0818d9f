// The Tribelists page's form check (the add and edit panels, the grid's in-place edits): the action parses with it,
// and the browser loads it after the first paint (route.tsx), so zod is not part of the page's first load.
import { entryCreate, entryUpdate } from "#contract/tribelist-input";
import { parseForm } from "#app/utils/parse-form";
import { entryWording } from "./tribelists";

/**
 * An add form or an edit form, read by the body the API takes (contract/tribelist-input.ts: POST's entryCreate, PUT's
 * entryUpdate, which carries the whole edited entry), in the browser before it is sent and again in the action.
 */
export const parseEntry = (intent: "add" | "update", payload: FormData | URLSearchParams) =>
  parseForm(payload, intent === "add" ? entryCreate : entryUpdate, entryWording);
