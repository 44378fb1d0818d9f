// The browser's What's New dialog (scripts/changelog-dialog-plugin.js): its code loads when the dialog first opens.
import { lazy } from "react";

let loading: Promise<typeof import("./ChangelogDialog")> | null = null;
/** Loads the dialog's code (once). */
export const loadDialog = () => (loading ??= import("./ChangelogDialog"));

export const ChangelogDialog = lazy(() => loadDialog().then((m) => ({ default: m.ChangelogDialog })));
