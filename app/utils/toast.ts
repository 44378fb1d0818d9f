export type ToastType = "success" | "error" | "warning";
export type Toast = { type: ToastType; message: string };

export const isToast = (v: unknown): v is Toast =>
  typeof v === "object" &&
  v !== null &&
  ["success", "error", "warning"].includes((v as Toast).type) &&
  typeof (v as Toast).message === "string";

export const TOAST_MS = 3000;
export const HISTORY_KEY = "notification-history";
export const HISTORY_LIMIT = 50;
