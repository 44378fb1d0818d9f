// Stand-ins for two libraries glide-data-grid imports for cells this app never opens: markdown cells (marked) and the
// image cell's overlay editor (react-responsive-carousel; our image cells have allowOverlay: false). vite.config.ts
// points those imports here, which keeps about 67 KiB (raw) out of the grid's chunk. Were a cell ever to
// reach them, it would show plain text and the plain pictures rather than fail.
import type { ReactNode } from "react";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** marked(): the text, escaped, in a paragraph. */
export const marked = (markdown: string) => `<p>${escapeHtml(markdown)}</p>`;

/** Carousel: the slides one after another. */
export function Carousel({ children }: { children?: ReactNode }) {
  return <div className="glide-carousel-stand-in">{children}</div>;
}
