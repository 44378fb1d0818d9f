// modulepreload links in <head> for the modules hydration needs (manifest, entry, root, shell, the page's route),
// after the sheet grid's and before the table's images, so hydration does not wait behind everything the body names;
// Remix's own links at the end of <body> then cost nothing (ADR 039).
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
