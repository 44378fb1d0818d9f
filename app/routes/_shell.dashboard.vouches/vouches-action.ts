// The Vouches page's row actions' check: the action parses with it, and the browser loads it after the first paint
// (route.tsx), so zod is not part of the page's first load.
import { z } from "zod";
import { discordIdSchema, objectIdSchema } from "#contract/ids";
import { apiWording, errorsOf, type Wording } from "#app/utils/forms";
import { parseForm } from "#app/utils/parse-form";
import type { Toast } from "#app/utils/toast";
import { TEXTS } from "./vouches";

/**
 * A row action's fields (a confirmation's hidden fields, or what a fetcher sends), checked in the browser before a
 * fetcher sends them and again in the action. The ids follow the API's rules (contract/ids.ts): the API takes them in
 * its paths, so the Vouches API has no bodies of its own.
 */
export const vouchAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), _id: objectIdSchema }),
  z.object({
    intent: z.literal("kick"),
    vouchedId: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : ""),
      z.string().min(1, TEXTS.noKickId).pipe(discordIdSchema),
    ),
  }),
  z.object({ intent: z.literal("fetch-avatar"), _id: objectIdSchema }),
]);
export type VouchAction = z.output<typeof vouchAction>;

/** A refused kick says why, in the API's words ("Failed to kick user: vouchedId: must be ..."). */
const kickWording: Wording = (field, message) =>
  message === TEXTS.noKickId ? message : TEXTS.kickFailed(apiWording(field, message));

/** A row action's fields, read by its schema: what to do, or the toast that says why it will not be done. */
export function checkVouchAction(fields: FormData | URLSearchParams): { value: VouchAction } | { refusal: Toast } {
  const submission = parseForm(fields, vouchAction, kickWording);
  if (submission.status === "success") return { value: submission.value };
  const intent = fields.get("intent");
  const message =
    intent === "delete"
      ? TEXTS.deleteFailed
      : intent === "fetch-avatar"
        ? TEXTS.avatarFailed("unknown vouch")
        : intent === "kick"
          ? (errorsOf(submission.error).vouchedId ?? TEXTS.noKickId)
          : "Unknown action.";
  return { refusal: { type: "error", message } };
}
