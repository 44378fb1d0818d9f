// Add Image on a sheet's host (2411 Stock, the breeder list): one row's image, or every row of that name's.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { host } from "#app/host/client.server";

/** The toast's words for a saved image, in the sheet's own terms. */
export type ImageSavedTexts = {
  imageAdded: (name: string) => string;
  imageUpdatedAll: (n: number, name: string) => string;
};

/** PUT {rowPath}/image; what the toast says. A host refusal is thrown, for the page's own message. */
export async function putImage(
  context: AppLoadContext,
  rowPath: string,
  { itemName, imageUrl, updateAllMatching }: { itemName: string; imageUrl: string; updateAllMatching: boolean },
  texts: ImageSavedTexts,
): Promise<string> {
  const answer = await host(context).send<{ updatedCount: number; itemName: string }>("PUT", `${rowPath}/image`, {
    imageUrl,
    updateAllMatching,
  });
  return updateAllMatching ? texts.imageUpdatedAll(answer.updatedCount, answer.itemName) : texts.imageAdded(itemName);
}
