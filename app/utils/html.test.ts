import { describe, expect, it } from "vitest";
import { cssText, escapeHtml, tag } from "./html";

describe("markup written as text", () => {
  it("escapes every character that could open markup or close an attribute", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
    expect(escapeHtml(42)).toBe("42");
  });

  it("writes attributes escaped, bare when true, and leaves out false, null and undefined", () => {
    expect(
      tag(
        "button",
        { type: "submit", title: `"up" <now>`, disabled: true, hidden: false, name: null, value: undefined },
        "↑",
      ),
    ).toBe(`<button type="submit" title="&quot;up&quot; &lt;now&gt;" disabled>↑</button>`);
    expect(tag("img", { src: "a.png?x=1&y=2", alt: "" })).toBe(`<img src="a.png?x=1&amp;y=2" alt="">`);
    expect(tag("td", {}, escapeHtml("<script>"))).toBe("<td>&lt;script&gt;</td>");
  });

  it("writes a style from CSS properties, skipping empty ones", () => {
    expect(cssText({ color: "#fff", "background-color": "#fff1", width: undefined, height: "" })).toBe(
      "color:#fff;background-color:#fff1",
    );
  });
});
