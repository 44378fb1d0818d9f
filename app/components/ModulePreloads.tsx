// The page's own code, asked for early: modulepreload links in <head>, right after the sheet grid's (which the sheet
// pages put in <head> through their meta, see app/root.tsx) and before the images of the page's table.
//
// Remix's <Scripts> writes the same links at the end of <body>, so the browser learns of the modules hydration needs
// (the manifest, the entry, the root, the shell and the page's route) only after it has queued everything the head and
// the body named. Over HTTP/1.1's six connections a sheet page's hydration then waited for the last of some twenty
// files (first grid paint against first contentful paint). The browser fetches a module once however many
// links name it, so the links at the end of <body> cost nothing more.
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";

export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!remix) return null;
  const { manifest } = remix;
  const hrefs = [
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    }),
  ];
  return (
    <>
      {[...new Set(hrefs.filter(Boolean))].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
