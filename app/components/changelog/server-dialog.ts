// The server's What's New dialog (scripts/changelog-dialog-plugin.js): the component itself, already loaded.
import type { LateCode } from "#app/utils/hydrated";
import { ChangelogDialog } from "./ChangelogDialog";

export const changelogDialog: LateCode<typeof ChangelogDialog> = {
  loaded: () => ChangelogDialog,
  load: async () => ChangelogDialog,
};
