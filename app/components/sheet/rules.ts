// The sheet engine's pure rules, shared by every sheet (2411 Stock, the breeder list) on the server and in the browser:
// texts and checks of the image form, the default text colour, the selection note.

/** The text colour a colour form starts from (spec section 9: default black). */
export const DEFAULT_TEXT_COLOUR = "#000000";

/** The image form's words: the stock sheet's (Add Item Image) or the breeder page's (Add Dino Image). */
export type ImageFormTexts = {
  title: string;
  nameLabel: string;
  namePlaceholder: string;
  hint: string;
  updateAll: string;
  updateAllNote?: string;
  /** Both fields are required. */
  missing: string;
  /** The name is not one of the sheet's. */
  notFound: string;
};

export const cellsSelected = (n: number) => `${n} cells selected`;

/** The image form's own checks (spec section 5), before anything is sent. */
export function imageFormError(texts: Pick<ImageFormTexts, "missing" | "notFound">, itemName: string, imageUrl: string, names: readonly string[]): string | null {
  if (!itemName.trim() || !imageUrl.trim()) return texts.missing;
  if (!names.includes(itemName)) return texts.notFound;
  return null;
}

