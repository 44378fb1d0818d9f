// The page's side of a fetcher's answer (app/utils/action.ts): its toast, shown once.
import { useEffect, useRef } from "react";
import { useNotifications } from "#app/components/notifications/notifications";
import { useLiveStatus } from "#app/realtime/live";
import { isAnswer } from "./action";

/** Shows the toast of a fetcher's answer, once per answer (an announced one only when the live socket is down). */
export function useAnswerToast(answer: unknown) {
  const { notify } = useNotifications();
  const live = useLiveStatus();
  const status = useRef(live);
  status.current = live;
  useEffect(() => {
    if (!isAnswer(answer) || !answer.toast) return;
    if (answer.announced && status.current === "connected") return;
    notify(answer.toast);
  }, [answer, notify]);
}
