import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Hydrated in one piece, not inside startTransition: a transition's hydration yields every 5 ms, and the browser ran a
// frame of the still-inert page between the pieces, so a sheet page's grid (mounted in the commit that ends hydration)
// came about 8 ms later. The whole hydration of the largest page is some 15-20 ms, under a long task's 50 (ADR 052).
hydrateRoot(
  document,
  <StrictMode>
    <RemixBrowser />
  </StrictMode>,
);
