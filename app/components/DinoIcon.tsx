// A dino's icon ("Dino Name (with its icon)"; "broken dino images are hidden"): the row's image when it
// has one, else, or once that image fails to load, an icon drawn from the name: the species' initials on a colour
// derived from the name (the same name always gets the same colour). Nothing is downloaded for the generated icon.
import { useEffect, useRef, useState } from "react";
import { cssText, escapeHtml, tag } from "#app/utils/html";

/** "Rex" → "RE", "Rock Drake" → "RD", "Tek Stryder" → "TS"; "?" for no name. */
export function dinoInitials(name: string) {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[words.length - 1][0]).toUpperCase();
}

/** A hue from the name (FNV-1a), so each species keeps its colour everywhere. */
function dinoHue(name: string) {
  let h = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 360;
}

/**
 * The generated icon's colour, the same for a name wherever it is drawn (the table, the grid's canvas). Dark enough
 * for its white initials at any hue: 5.3:1 at the worst (yellow), over WCAG AA's 4.5:1.
 */
export const dinoColour = (name: string) => `hsl(${dinoHue(name)} 55% 28%)`;

/** The generated icon's letter size and colour. */
const generatedLook = (name: string, size: number) => ({
  fontSize: Math.max(9, Math.round(size * 0.4)),
  background: dinoColour(name),
});

/**
 * The icon as markup, for the server-rendered sheet table (app/utils/html.ts): the image, followed by the generated
 * icon that CSS shows only once the image is hidden (useHideBrokenImages hides an image that failed to load). A table
 * shows the same few species a hundred times: each one's markup is written once and kept.
 */
export function dinoIconHtml(name: string, imageUrl: string | null | undefined, size = 28) {
  const key = `${size} ${imageUrl ?? ""} ${name}`;
  let html = written.get(key);
  if (html === undefined) {
    html = writeIconHtml(name, imageUrl, size);
    if (written.size >= 1000) written.clear();
    written.set(key, html);
  }
  return html;
}
const written = new Map<string, string>();

function writeIconHtml(name: string, imageUrl: string | null | undefined, size: number) {
  const { fontSize, background } = generatedLook(name, size);
  const box = { width: `${size}px`, height: `${size}px` };
  const generated = tag(
    "span",
    {
      class: "dino-icon generated",
      style: cssText({ ...box, "font-size": `${fontSize}px`, background }),
      "aria-hidden": "true",
    },
    escapeHtml(dinoInitials(name)),
  );
  if (!imageUrl) return generated;
  // Its width and height attributes size it (a table has a hundred of these: no inline style to repeat).
  const image = tag("img", { class: "dino-icon", src: imageUrl, width: size, height: size, alt: "", loading: "lazy" });
  return image + generated;
}

export function DinoIcon({ name, imageUrl, size = 28 }: { name: string; imageUrl?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => setBroken(false), [imageUrl]);
  // An image that failed before the page ran JavaScript has no error event left to fire.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setBroken(true);
  }, [imageUrl]);
  const box = { width: size, height: size };
  if (imageUrl && !broken) {
    return (
      <img
        ref={img}
        className="dino-icon"
        src={imageUrl}
        style={box}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        data-testid="dino-image"
      />
    );
  }
  return (
    <span
      className="dino-icon generated"
      style={{ ...box, ...generatedLook(name, size) }}
      aria-hidden
      data-testid="dino-generated"
    >
      {dinoInitials(name)}
    </span>
  );
}
