// Import a tribe's sheet into the Breeder List (docs/product/sheets.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { breederImportAction, loadBreederImport } from "./breeder-import.server";

export const meta: MetaFunction = () => [{ title: "Import · Breeder · ARK Tribe Dashboard" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => loadBreederImport(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => breederImportAction(request, context);

export { ImportPage as default } from "#app/components/import/ImportPage";
