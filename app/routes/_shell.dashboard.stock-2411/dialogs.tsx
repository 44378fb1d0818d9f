// Which of the stock screen's dialogs is open: the Add Item Image form (from state with JavaScript, from ?dialog=image
// without it), the Text Color Picker and the Unsaved Changes question.
import { IMAGE_TEXTS } from "#app/components/stock/rules";
import { AddImageDialog, ColorPickerDialog, UnsavedChangesDialog } from "#app/components/sheet/Dialogs";

type Values = { itemName: string; imageUrl: string; updateAllMatching: boolean };

export function Dialogs({
  dialog,
  picking,
  serverDialog,
  hydrated,
  names,
  tab,
  closeHref,
  selectionCount,
  pendingRows,
  colourBusy,
  imageBusy,
  imageError,
  imageInitial,
  onClose,
  onSaveColour,
  onAddImage,
  onSaveAndSwitch,
  onDiscardAndSwitch,
}: {
  dialog: null | "image" | { switchTo: string };
  /** The colour picker is open (the sheet's selection has a colour to take). */
  picking: boolean;
  serverDialog: "image" | null;
  hydrated: boolean;
  names: string[];
  tab: string;
  closeHref: string;
  selectionCount: number;
  pendingRows: number;
  colourBusy: boolean;
  imageBusy: boolean;
  imageError: string | null;
  imageInitial?: Partial<Values>;
  onClose: () => void;
  onSaveColour: (colour: string) => void;
  onAddImage: (values: Values) => void;
  onSaveAndSwitch: (href: string) => void;
  onDiscardAndSwitch: (href: string) => void;
}) {
  if (dialog === "image" || (dialog === null && serverDialog === "image" && !hydrated)) {
    const scripted = dialog === "image";
    return (
      <AddImageDialog
        texts={IMAGE_TEXTS}
        names={names}
        hidden={{ intent: "image", tab, redirectTo: closeHref }}
        busy={imageBusy}
        error={imageError}
        initial={imageInitial}
        onClose={scripted ? onClose : undefined}
        closeHref={closeHref}
        onSubmit={scripted ? onAddImage : undefined}
      />
    );
  }
  if (picking)
    return <ColorPickerDialog count={selectionCount} busy={colourBusy} onSave={onSaveColour} onClose={onClose} />;
  if (dialog && typeof dialog === "object") {
    return (
      <UnsavedChangesDialog
        rows={pendingRows}
        onSave={() => onSaveAndSwitch(dialog.switchTo)}
        onDiscard={() => onDiscardAndSwitch(dialog.switchTo)}
        onCancel={onClose}
      />
    );
  }
  return null;
}
