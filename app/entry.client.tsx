import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { eagerCodeSettled } from "./utils/hydrated";

// How long hydration waits for the grids' code (eager late code, started by the page's modules) before it goes on
// without it: the page works as served meanwhile. The grid's chunks are requested with the page and have come by then.
const EAGER_CODE_WAIT_MS = 50;

// Hydrated once the page's grid code has run, and then in one synchronous pass (ADR 057): the grid renders in the
// commit that ends hydration, and no task of React's scheduler stands between the page's modules and hydration, in
// which the browser painted a frame of the still-inert page. Not inside startTransition: a transition's hydration
// yields every 5 ms (ADR 052). The whole hydration of the largest page is some 15-20 ms, under a long task's 50.
void eagerCodeSettled(EAGER_CODE_WAIT_MS).then(() =>
  flushSync(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
