// The browser's What's New dialog (scripts/changelog-dialog-plugin.js): its code loads when the dialog first opens.
import { lateCode } from "#app/utils/hydrated";

export const changelogDialog = lateCode(
  () => import("./ChangelogDialog").then((m) => m.ChangelogDialog),
  "The What's New dialog",
);
