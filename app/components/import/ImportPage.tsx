// The import page of a sheet: upload a CSV or XLSX file or paste the sheet, map its columns, preview what would change,
// apply. Without JavaScript the pasted text (or an uploaded CSV) goes the same way; an XLSX file is read in the browser.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import type { ImportAnswer } from "./import.server";
import { ID_FIELD } from "./fields";
import { PageHeader } from "#app/components/PageHeader";
import { columnHeads, ScrollTable } from "#app/components/table/ScrollTable";

export type ImportPageProps = {
  title: string;
  back: string;
  /** The sheet's editable columns (id and title), the name column first. */
  fields: { id: string; title: string }[];
  /** What happens to a row that matches none of the sheet's. */
  unmatched: string;
};

/** An XLSX file's first sheet as tab-separated text: its reader (read-excel-file, ADR 065) and papaparse load only then. */
async function xlsxText(file: File) {
  const [{ readSheet }, { writeTable }] = await Promise.all([import("read-excel-file/browser"), import("./plan")]);
  const rows = await readSheet(file);
  return writeTable(
    rows.map((row) =>
      row.map((cell) =>
        cell === null || cell === undefined
          ? ""
          : cell instanceof Date
            ? cell.toISOString().slice(0, 10)
            : String(cell),
      ),
    ),
  );
}

const rowsText = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/** A sheet's import route renders this as its page; its loader answers the ImportPageProps. */
export function ImportPage() {
  const { title, back, fields, unmatched } = useLoaderData<ImportPageProps>();
  const answer = useActionData<ImportAnswer>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = answer && !("error" in answer) ? answer : null;
  const error = fileError ?? (answer && "error" in answer ? answer.error : null);
  const value = text ?? answer?.text ?? "";

  // With JavaScript the file is read here, into the text: a CSV as it is, an XLSX through its reader.
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    setReading(true);
    try {
      setText(/\.xlsx$/i.test(file.name) ? await xlsxText(file) : await file.text());
      if (fileInput.current) fileInput.current.value = "";
    } catch (e) {
      console.warn("import: file not read", e);
      setFileError(`${file.name} could not be read: choose a CSV or XLSX file, or paste the sheet.`);
    } finally {
      setReading(false);
    }
  };

  return (
    <>
      <PageHeader
        title={<>Import into {title}</>}
        summary={
          <>
            The first line names the columns. Rows are matched by an ID column, else by {fields[0].title}; {unmatched}.
          </>
        }
      >
        <Link className="button small" to={back}>
          Back to the sheet
        </Link>
      </PageHeader>

      <section className="card import-card">
        <Form method="post" encType="multipart/form-data" className="import-form" data-testid="import-form">
          <label className="import-file">
            <span>CSV or Excel file</span>
            <input
              ref={fileInput}
              type="file"
              name="file"
              accept=".csv,.tsv,.txt,.xlsx,text/csv"
              onChange={(e) => onFile(e.currentTarget.files?.[0])}
            />
          </label>
          <label className="import-text">
            <span>Or paste the sheet (from Google Sheets, Excel or a CSV file)</span>
            <textarea
              name="text"
              rows={8}
              value={value}
              onChange={(e) => setText(e.currentTarget.value)}
              spellCheck={false}
            />
          </label>
          {preview ? (
            <fieldset className="import-mapping" data-testid="import-mapping">
              <legend>Columns</legend>
              {preview.headers.map((header, i) => (
                <label key={`${i}:${header}`}>
                  <span>{header || `Column ${i + 1}`}</span>
                  <select name="map" defaultValue={preview.mapping[i] ?? ""}>
                    <option value="">Skip</option>
                    <option value={ID_FIELD}>ID</option>
                    {fields.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.title}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
          ) : null}
          {error ? (
            <p className="form-error" role="alert" data-testid="import-error">
              {error}
            </p>
          ) : null}
          <div className="import-actions">
            <button type="submit" name="intent" value="preview" className="button" disabled={busy || reading}>
              {reading ? "Reading the file..." : "Preview"}
            </button>
            {preview && preview.counts.update + preview.counts.create > 0 ? (
              <button type="submit" name="intent" value="apply" className="button primary" disabled={busy}>
                Apply: {rowsText(preview.counts.update + preview.counts.create)}
              </button>
            ) : null}
          </div>
        </Form>
      </section>

      {preview ? <ImportPreview preview={preview} /> : null}
    </>
  );
}

function ImportPreview({ preview }: { preview: Exclude<ImportAnswer, { error: string }> }) {
  const { counts, rows, refused } = preview;
  return (
    <section className="card import-preview" aria-label="Preview" data-testid="import-preview">
      <p data-testid="import-counts">
        <strong>{counts.update}</strong> to change, <strong>{counts.create}</strong> to add, {counts.unchanged}{" "}
        unchanged, <strong>{counts.refused}</strong> refused.
      </p>
      {refused.length ? (
        <div className="notice import-refused" data-testid="import-refused">
          <p>
            <strong>Refused:</strong> these lines are left out.
          </p>
          <ul>
            {refused.map((r) => (
              <li key={r.line}>
                Line {r.line}
                {r.name ? ` (${r.name})` : ""}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {rows.length ? (
        <ScrollTable className="table import-changes" head={columnHeads(["Line", "Row", "Changes"])}>
          {rows.map((r) => (
            <tr key={r.line} data-kind={r.kind}>
              <td>{r.line}</td>
              <td>
                {r.name} {r.kind === "create" ? <span className="badge">new</span> : null}
              </td>
              <td>
                {r.changes.map((c, i) => (
                  <span key={c.column} className="import-change">
                    {i > 0 ? "; " : ""}
                    {c.column}: {r.kind === "update" ? <del>{c.before || "empty"}</del> : null} {c.after || "empty"}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      {counts.update + counts.create > rows.length ? (
        <p className="muted small">
          The first {rows.length} of {counts.update + counts.create} rows are shown.
        </p>
      ) : null}
    </section>
  );
}
