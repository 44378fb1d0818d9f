// The dashboard's placeholder pages ("Router": customers, new-customer, verified-customers, products,
// new-product, inventory and settings are placeholder titles only). remix.config.js maps the one route module of this
// folder at each path; the module reads its title from the URL. Pure, so the config can import it.

export const PLACEHOLDER_PAGES = {
  customers: "Customers",
  "new-customer": "New Customer",
  "verified-customers": "Verified Customers",
  products: "Products",
  "new-product": "New Product",
  inventory: "Inventory",
  settings: "Settings",
} as const;
export type PlaceholderPage = keyof typeof PLACEHOLDER_PAGES;

export const placeholderPath = (page: PlaceholderPage) => `/dashboard/${page}`;

/** The placeholder page of a path (/dashboard/new-product: new-product); null for any other path. */
export function placeholderOfPath(pathname: string): PlaceholderPage | null {
  const page = /^\/dashboard\/([a-z-]+)\/?$/.exec(pathname)?.[1];
  return page && (Object.keys(PLACEHOLDER_PAGES) as string[]).includes(page) ? (page as PlaceholderPage) : null;
}
