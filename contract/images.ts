// Item and dino images as the sheets keep them: a pasted image value reduced to one link.
// Shared by the stock and breeder sheets, the host's input checks and the forms' actions. Imports nothing, so the
// browser's image dialog uses it without downloading either sheet's rules.

/**
 * Reduces a pasted image value to its wiki-hosted PNG link: the first http(s) link on a wiki host (ark.wiki.gg,
 * static.wikia.nocookie.net, ...) that contains ".png" is cut just after ".png"; a wiki thumbnail
 * (/images/thumb/a/ab/Name.png/120px-Name.png) becomes the original (/images/a/ab/Name.png). Anything else is only
 * trimmed.
 */
export function reduceImageUrl(pasted: string): string {
  const value = pasted.trim();
  for (const match of value.matchAll(/https?:\/\/[^\s"'<>()[\]]+/gi)) {
    let url: URL;
    try {
      url = new URL(match[0]);
    } catch {
      continue;
    }
    if (!url.hostname.toLowerCase().includes("wiki")) continue;
    const at = match[0].toLowerCase().indexOf(".png");
    if (at < 0) continue;
    return match[0].slice(0, at + 4).replace(/\/images\/thumb\/(.+\.png)$/i, "/images/$1");
  }
  return value;
}
