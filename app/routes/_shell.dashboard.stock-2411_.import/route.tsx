// Import a tribe's sheet into a stock tab (docs/product/sheets.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ImportPage } from "#app/components/import/ImportPage";
import { loadStockImport, stockImportAction } from "./stock-import.server";

export const meta: MetaFunction = () => [{ title: "Import · 2411 Stock · ARK Tribe Dashboard" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadStockImport(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => stockImportAction(request, context);

export default function StockImport() {
  const data = useLoaderData<typeof loader>();
  return <ImportPage {...data} unmatched="a name that is not on the tab is refused" />;
}
