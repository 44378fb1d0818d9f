import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { hydrationCodeSettled } from "./utils/hydrated";

// How long hydration waits for a sheet page's grid code (started by the page's modules, its chunks requested in <head>
// with the page) before it goes on without it. The page works as served meanwhile.
const GRID_CODE_WAIT_MS = 50;

// Hydrated once the sheet grid's code has run, and then in one synchronous pass (ADR 057): the grid renders in the
// same task, right after hydration's commit, and no task of React's scheduler stands between the page's modules and
// hydration, in which the browser painted a frame of the still-inert page. Not inside startTransition: a transition's
// hydration yields every 5 ms (ADR 052). The whole hydration of the largest page is some 15-20 ms, under a long task's 50.
void hydrationCodeSettled(GRID_CODE_WAIT_MS).then(() =>
  flushSync(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
