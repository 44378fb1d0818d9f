// The server's What's New dialog (scripts/changelog-dialog-plugin.js): the component itself, already loaded.
export { ChangelogDialog } from "./ChangelogDialog";

export const loadDialog = async () => {};
