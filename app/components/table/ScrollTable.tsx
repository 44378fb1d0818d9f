// A plain table in the box that scrolls it sideways on a narrow screen: its header row, then its rows.
import type { ReactNode } from "react";

/** Header cells that are only a column's name. */
export const columnHeads = (names: readonly string[]) =>
  names.map((name) => (
    <th scope="col" key={name}>
      {name}
    </th>
  ));

export function ScrollTable({
  className,
  testId,
  caption,
  head,
  scrollClassName = "table-scroll",
  children,
}: {
  className: string;
  testId?: string;
  /** For screen readers only. */
  caption?: string;
  /** The header row's cells (columnHeads for plain names). */
  head: ReactNode;
  scrollClassName?: string;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className={scrollClassName}>
      <table className={className} data-testid={testId}>
        {caption !== undefined ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
