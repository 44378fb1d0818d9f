// Import a tribe's sheet into a stock tab (docs/product/sheets.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { loadStockImport, stockImportAction } from "./stock-import.server";

export const meta: MetaFunction = () => [{ title: "Import · 2411 Stock · ARK Tribe Dashboard" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadStockImport(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => stockImportAction(request, context);

export { ImportPage as default } from "#app/components/import/ImportPage";
