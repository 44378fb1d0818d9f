// A select's options: the column's list, the stored value first when it is another one (a status typed by hand stays
// shown and selected), and an empty choice for an empty value. The sheets' editors and the in-place tables use it.
export function Options({ options, value }: { options: readonly string[]; value: string }) {
  const list = value === "" || options.includes(value) ? options : [value, ...options];
  return (
    <>
      {value === "" ? <option value="">—</option> : null}
      <Choices values={list} />
    </>
  );
}

/** A select's options for a fixed list, each shown by `label` (the value itself by default). */
export function Choices<T extends string | number>({
  values,
  label = String,
}: {
  values: readonly T[];
  label?: (value: T) => string;
}) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  );
}
