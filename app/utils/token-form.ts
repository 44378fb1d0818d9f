// Settings' new-token form check: the action parses with it, and the browser loads it after the first paint
// (routes/_shell.settings.tsx), so zod is not part of the page's first load.
import { tokenCreate } from "#contract/tokens";
import { apiWording } from "./forms";
import { parseForm } from "./parse-form";

export const parseToken = (payload: FormData | URLSearchParams) => parseForm(payload, tokenCreate, apiWording);
