// Markup written as text, for the few large static parts of a page (a sheet's HTML table: thousands of cells that no
// React state ever changes, ADR 019). Every text and attribute value goes through `escapeHtml`; `tag` is the one way
// an element is written, so nothing reaches the page unescaped. Pure: the server and the browser build the same text.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** A text or attribute value, safe inside an element or a double-quoted attribute. */
export const escapeHtml = (value: unknown) => {
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]) : text;
};

/** An attribute value: a string or number is written, `true` writes the bare name, false, null and undefined nothing. */
export type AttrValue = string | number | boolean | null | undefined;

/** A style as text (`color:#fff;width:24px`), from an object of CSS property names (kebab-case) and values. */
export const cssText = (style: Record<string, string | number | null | undefined>) =>
  Object.entries(style)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}:${v}`)
    .join(";");

const VOID = new Set(["img", "input", "br", "col"]);

/** One element: its attributes escaped, its children already markup (from `tag`, or `escapeHtml` for a text). */
export function tag(name: string, attrs: Record<string, AttrValue>, ...children: string[]): string {
  let open = `<${name}`;
  for (const k in attrs) {
    const v = attrs[k];
    if (v === false || v === null || v === undefined) continue;
    open += v === true ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`;
  }
  return VOID.has(name) ? `${open}>` : `${open}>${children.join("")}</${name}>`;
}
