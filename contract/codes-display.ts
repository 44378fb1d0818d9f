// How a code's Completed reads (docs/product/codes.md): on the page, and in what its search matches
// (worker/domain/codes.ts). Free of zod, so the page's first load does not carry it.
export const completedLabel = (completed: boolean) => (completed ? "Yes" : "No");
