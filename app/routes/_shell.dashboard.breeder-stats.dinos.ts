// The Breeder page's dialogs' dino names (GET /dashboard/breeder-stats/dinos), as JSON: the page fetches them when a
// person reaches for Add Mapping or Add Image, so no tab's view reads them (ADR 037).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadDinoNames } from "./_shell.dashboard.breeder-stats/breeder.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => loadDinoNames(request, context);
