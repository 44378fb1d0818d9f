// A table's empty state as its only row, across every column.
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="empty-state">
        {text}
      </td>
    </tr>
  );
}
