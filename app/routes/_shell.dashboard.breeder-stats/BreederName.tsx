// A breeder as the tabs show them (issue 51: names, not ids): their avatar and the name the product knows them by, the
// Discord id on hover; the id alone, in a monospaced face, when no name is known.
export function BreederName({ id, name, avatar }: { id: string | null; name: string | null; avatar: string | null }) {
  return (
    <span className="breeder-who" title={id && name ? `Discord id ${id}` : undefined}>
      {avatar ? <img className="avatar" src={avatar} width={28} height={28} alt="" loading="lazy" /> : null}
      {name ? <span>{name}</span> : <span className="mono">{id ?? "-"}</span>}
    </span>
  );
}
