// Stand-ins for marked and react-responsive-carousel, which glide-data-grid imports for cells this app never opens;
// vite.config.ts aliases them here (about 67 KiB raw out of the grid's chunk); reached, they show plain content.
import type { ReactNode } from "react";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** marked(): the text, escaped, in a paragraph. */
export const marked = (markdown: string) => `<p>${escapeHtml(markdown)}</p>`;

/** Carousel: the slides one after another. */
export function Carousel({ children }: { children?: ReactNode }) {
  return <div className="glide-carousel-stand-in">{children}</div>;
}
