import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrationCodeSettled } from "./utils/hydrated";

// How long hydration waits for a sheet page's grid code (started by the page's modules, its chunks requested in <head>
// with the page) before it goes on without it. The page works as served meanwhile.
const GRID_CODE_WAIT_MS = 50;

// Hydrated in a transition (ADR 072): React yields to the browser every few milliseconds, so a slow phone's main thread
// is never blocked for the whole hydration of a page (Lighthouse's Total Blocking Time). A click meanwhile is replayed
// once its part of the page has hydrated.
void hydrationCodeSettled(GRID_CODE_WAIT_MS).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
