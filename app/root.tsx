import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useFetchers,
  useRouteLoaderData,
} from "@remix-run/react";
import styles from "./styles/app.css?url";
import { ErrorCard } from "./components/ErrorCard";
import { IconSprite } from "./components/icons";
import { ModulePreloads } from "./components/ModulePreloads";
import { useHydrationDone } from "./utils/hydrated";
import { useNonce } from "./utils/nonce";
import { isTheme, readPreferences, TIMEZONE_KEY, type Theme } from "./utils/preferences";
import { json } from "./utils/json.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ theme: readPreferences(request).theme });
}

// Tells the server the browser's time zone (for the greeting) before anything else runs, and the page's styles that
// scripts run here (data-js: on a phone the sidebar then folds into the top bar's menu button, which opens it).
const timeZoneScript = `document.documentElement.setAttribute("data-js","");try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(document.cookie.indexOf("${TIMEZONE_KEY}="+encodeURIComponent(z))<0)document.cookie="${TIMEZONE_KEY}="+encodeURIComponent(z)+"; Path=/; Max-Age=31536000; SameSite=Lax"}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useHydrationDone();
  const nonce = useNonce();
  // A theme choice on its way to the server shows at once.
  const pending = useFetchers()
    .find((f) => f.formData?.get("intent") === "theme")
    ?.formData?.get("theme");
  const theme: Theme = isTheme(pending) ? pending : (data?.theme ?? "system");
  return (
    <html lang="en" className={`theme-${theme}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: timeZoneScript }} />
        {/* The sheet pages' meta names the grid's chunks (glide-data-grid, the largest file of the page) first: asked
            for before the page's own modules, the grid's code arrives and is compiled while the page still waits for
            its styles, not in the moments after the first paint when hydration needs the main thread (ADR 052). */}
        <Meta />
        <ModulePreloads />
        <Links />
      </head>
      <body>
        <IconSprite />
        {children}
        <div id="portal" />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main className="center-page">
      <ErrorCard />
    </main>
  );
}
