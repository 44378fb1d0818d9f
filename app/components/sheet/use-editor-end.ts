// The editor's own text at the moment editing ends (Enter, Tab, Escape or a click outside the editor).
import { useEffect, type MutableRefObject } from "react";

export function useEditorEnd(editorEnd: MutableRefObject<{ value: string; commit: boolean } | null>) {
  // The editor's own text at the moment editing ends. glide sometimes ends an edit to an empty text without the
  // value (its editor had not registered the change yet); the committed text is then taken from here.
  useEffect(() => {
    const inEditor = (t: EventTarget | null): t is HTMLTextAreaElement | HTMLInputElement =>
      (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement) && !!t.closest("#portal");
    const onKey = (e: KeyboardEvent) => {
      if (!inEditor(e.target)) return;
      if (e.key === "Escape") editorEnd.current = { value: e.target.value, commit: false };
      else if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab")
        editorEnd.current = { value: e.target.value, commit: true };
    };
    const onDown = (e: MouseEvent) => {
      const input = document.querySelector<HTMLTextAreaElement | HTMLInputElement>("#portal textarea, #portal input");
      if (input && !(e.target as Element | null)?.closest?.("#portal"))
        editorEnd.current = { value: input.value, commit: true };
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("mousedown", onDown, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("mousedown", onDown, true);
    };
  }, [editorEnd]);
}
