// The Breeder page's two dialogs, Add Dino Image and Add Discord Role Mapping: opened by ?dialog=image|mapping and
// posted as forms without JavaScript, opened by the header's buttons and posted through a fetcher with it
// (docs/product/breeder.md).
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AddImageDialog, FormDialog } from "#app/components/sheet/Dialogs";
import { imageFormError } from "#app/components/sheet/rules";
import { FETCHER_FIELDS, type Answer } from "#app/utils/action";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { IMAGE_TEXTS, MAPPING_TEXTS, PAGE_PATH, type BreederDialog } from "./breeder";

type DialogAnswer = Answer & { intent?: string; ok?: boolean; error?: string; values?: Record<string, unknown> };

export function BreederDialogs({
  open,
  serverDialog,
  hydrated,
  names,
  namesPending,
  closeHref,
  actionData,
  onClose,
}: {
  /** The dialog opened with JavaScript (the header's buttons). */
  open: BreederDialog | null;
  /** The dialog the URL opens (?dialog=), drawn by the server. */
  serverDialog: BreederDialog | null;
  hydrated: boolean;
  /** Null while they are fetched; `namesPending` stands in the select meanwhile. */
  names: string[] | null;
  namesPending: string;
  /** The page without ?dialog=. */
  closeHref: string;
  /** A refused form's answer (the page rendered after a post without JavaScript). */
  actionData?: DialogAnswer;
  onClose: () => void;
}) {
  const image = useFetcher<DialogAnswer>({ key: "breeder-image" });
  const mapping = useFetcher<DialogAnswer>({ key: "breeder-mapping" });
  useAnswerToast(image.data);
  useAnswerToast(mapping.data);
  const [errors, setErrors] = useState<Partial<Record<BreederDialog, string | null>>>({});
  const sent = useRef<BreederDialog | null>(null);

  // A fetcher's answer: success closes the dialog (its toast is shown, and Remix reloads the page's data); a refusal
  // stays in the dialog.
  const settle = (kind: BreederDialog, answer: DialogAnswer | undefined) => {
    if (!answer || sent.current !== kind) return;
    sent.current = null;
    setErrors((e) => ({ ...e, [kind]: answer.ok ? null : (answer.error ?? null) }));
    if (answer.ok) onClose();
  };
  useEffect(() => {
    if (image.state === "idle") settle("image", image.data);
  }, [image.state, image.data]); // eslint-disable-line react-hooks/exhaustive-deps -- when this fetcher settles; `settle` is a new function each render
  useEffect(() => {
    if (mapping.state === "idle") settle("mapping", mapping.data);
  }, [mapping.state, mapping.data]); // eslint-disable-line react-hooks/exhaustive-deps -- when this fetcher settles; `settle` is a new function each render

  const submit = (kind: BreederDialog, fields: Record<string, string>) => {
    sent.current = kind;
    const fetcher = kind === "image" ? image : mapping;
    fetcher.submit({ intent: kind, ...fields, ...FETCHER_FIELDS }, { method: "post", action: PAGE_PATH });
  };

  const shown = open ?? (!hydrated ? serverDialog : null);
  if (!shown) return null;
  const scripted = open !== null;
  const refused = actionData?.intent === shown ? actionData : undefined;
  const close = () => {
    setErrors((e) => ({ ...e, [shown]: null }));
    onClose();
  };

  if (shown === "image") {
    const values = refused?.values as { itemName?: string; imageUrl?: string; updateAllMatching?: boolean } | undefined;
    return (
      <AddImageDialog
        texts={IMAGE_TEXTS}
        names={names}
        pending={namesPending}
        hidden={{ intent: "image", redirectTo: closeHref }}
        busy={image.state !== "idle"}
        error={scripted ? errors.image : refused?.error}
        initial={values}
        onClose={scripted ? close : undefined}
        closeHref={closeHref}
        onSubmit={
          scripted
            ? (v) =>
                submit("image", {
                  itemName: v.itemName,
                  imageUrl: v.imageUrl,
                  updateAllMatching: String(v.updateAllMatching),
                })
            : undefined
        }
      />
    );
  }
  const values = refused?.values as { itemName?: string; roleId?: string } | undefined;
  return (
    <MappingDialog
      names={names}
      pending={namesPending}
      closeHref={closeHref}
      busy={mapping.state !== "idle"}
      error={scripted ? errors.mapping : refused?.error}
      initial={values}
      onClose={scripted ? close : undefined}
      onSubmit={scripted ? (v) => submit("mapping", v) : undefined}
    />
  );
}

/** Add Discord Role Mapping: the dino (a select of the breeder list's names) and the Discord role id. */
function MappingDialog({
  names,
  pending,
  closeHref,
  busy,
  error,
  initial,
  onClose,
  onSubmit,
}: {
  names: readonly string[] | null;
  pending: string;
  closeHref: string;
  busy: boolean;
  error?: string | null;
  initial?: { itemName?: string; roleId?: string };
  onClose?: () => void;
  onSubmit?: (values: { itemName: string; roleId: string }) => void;
}) {
  const [itemName, setItemName] = useState(initial?.itemName ?? "");
  const [roleId, setRoleId] = useState(initial?.roleId ?? "");
  return (
    <FormDialog
      title={MAPPING_TEXTS.title}
      onClose={onClose}
      closeHref={closeHref}
      testId="add-mapping-dialog"
      problem={imageFormError(MAPPING_TEXTS, itemName, roleId, names ?? [])}
      error={error}
      submit={{ label: "Add Mapping", busy }}
      hidden={{ intent: "mapping", redirectTo: closeHref }}
      name={{ texts: MAPPING_TEXTS, names, pending, value: itemName, onChange: setItemName }}
      onSubmit={onSubmit && (() => onSubmit({ itemName, roleId: roleId.trim() }))}
    >
      <label>
        <span>{MAPPING_TEXTS.roleLabel}</span>
        <input
          type="text"
          name="roleId"
          value={roleId}
          inputMode="numeric"
          autoComplete="off"
          placeholder="123456789012345678"
          required={!onSubmit}
          aria-describedby="role-id-hint"
          onChange={(e) => setRoleId(e.target.value)}
        />
        <small id="role-id-hint" className="muted">
          {MAPPING_TEXTS.roleHint}
        </small>
      </label>
    </FormDialog>
  );
}
