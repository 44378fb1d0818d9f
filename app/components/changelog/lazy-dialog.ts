// The browser's What's New dialog (scripts/changelog-dialog-plugin.js): loaded when it first opens. Rendered inside
// <Suspense>, a dialog the server rendered keeps its HTML until this code has loaded and hydrated it.
import { lazy } from "react";

export const ChangelogDialog = lazy(() => import("./ChangelogDialog").then((m) => ({ default: m.ChangelogDialog })));
