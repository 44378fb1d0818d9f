// Access (admin): which level each Discord role has in each section, changed one role at a time with a plain
// form (no JavaScript needed), and a preview of what a member holding a role sees.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { combined, LEVEL_LABELS, levelsOf, SECTION_LABELS, SECTIONS, type Access, type Level } from "#contract/access";
import { requireUser } from "#app/auth/session.server";
import type { Services } from "#worker/platform/services";
import { navFor } from "#app/components/shell/nav";
import { ScrollTable } from "#app/components/table/ScrollTable";
import { formOf } from "#app/utils/action.server";
import { Choices } from "#app/components/table/Options";

export const meta: MetaFunction = () => [{ title: "Access · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const { roles, error } = await context.services.roles.withLevels(
    context.cloudflare.env.DB,
    context.config,
    new URL(request.url).origin,
  );
  const previewId = new URL(request.url).searchParams.get("preview");
  const preview = roles.find((r) => r.id === previewId) ?? null;
  return json({
    roles,
    error,
    preview: preview && { id: preview.id, name: preview.name, access: previewOf(preview, roles) },
  });
}

type Role = Awaited<ReturnType<Services["roles"]["withLevels"]>>["roles"][number];

/** What a member holding this role (and their guild's @everyone) may do. */
function previewOf(role: Role, roles: Role[]): Access {
  const everyone = roles.find((r) => r.everyone && r.id === role.guildId)?.access;
  return everyone ? combined([role.access, everyone]) : role.access;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = requireUser(request, context.auth);
  const form = await formOf(request);
  const roleId = form.get("roleId");
  const { roles, error } = await context.services.roles.withLevels(
    context.cloudflare.env.DB,
    context.config,
    new URL(request.url).origin,
  );
  const role = roles.find((r) => r.id === roleId);
  // Discord could not be asked for the roles: say so, rather than that the role is not one of them.
  if (!role && error) return json({ ok: false, roleId: null, message: error }, 502);
  if (!role) return json({ ok: false, roleId: null, message: "Choose one of the roles listed." }, 400);
  if (role.owner) {
    return json(
      { ok: false, roleId: role.id, message: `${role.name} is an owner role (OWNER_IDS): it has every level.` },
      400,
    );
  }
  const levels = {} as Access;
  for (const section of SECTIONS) {
    const level = form.get(`level.${section}`);
    if (!levelsOf(section).includes(level as Level)) {
      return json(
        {
          ok: false,
          roleId: role.id,
          message: `Choose ${levelsOf(section).join(" or ")} for ${SECTION_LABELS[section]}.`,
        },
        400,
      );
    }
    levels[section] = level as Level;
  }
  const actor = { id: `user:${user.id}`, name: user.displayName || user.username };
  await context.services.roles.setLevels(context.cloudflare.env, actor, role.id, levels);
  return json({
    ok: true,
    roleId: role.id,
    message: `Saved the levels of ${role.name}. Members holding it see them on their next page.`,
  });
}

export default function AccessPage() {
  const { roles, error, preview } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="page access-page">
      <h1>Access</h1>
      <p className="muted">
        What each Discord role may do per section: <strong>None</strong> hides the section, <strong>View</strong> shows
        it read only, <strong>Edit</strong> allows changes. A member has the highest level of any of their roles. Owners
        (OWNER_IDS) have every level.
      </p>
      {error ? (
        <p className="notice" role="alert">
          Discord's role list could not be read ({error}); only @everyone and roles with saved levels are shown.
        </p>
      ) : null}
      {result ? (
        <p className={result.ok ? "notice success" : "notice"} role="status" data-testid="access-result">
          {result.message}
        </p>
      ) : null}
      <section className="card access-table-card">
        <ScrollTable
          className="table access-table"
          scrollClassName="access-table-scroll"
          caption="Levels per role and section"
          head={
            <>
              <th scope="col">Role</th>
              {SECTIONS.map((s) => (
                <th scope="col" key={s}>
                  {SECTION_LABELS[s]}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </>
          }
        >
          {roles.map((role) => (
            <tr key={role.id} data-testid={`role-${role.id}`}>
              <th scope="row">
                {role.name}
                {role.everyone ? <span className="muted"> (every member)</span> : null}
                {role.owner ? <span className="badge green">Owner</span> : null}
              </th>
              {SECTIONS.map((s) => (
                <td key={s}>
                  {role.owner ? (
                    LEVEL_LABELS[role.access[s]]
                  ) : (
                    <select
                      name={`level.${s}`}
                      form={`role-form-${role.id}`}
                      defaultValue={role.access[s]}
                      aria-label={`${role.name}: ${SECTION_LABELS[s]}`}
                    >
                      <Choices values={levelsOf(s)} label={(l) => LEVEL_LABELS[l]} />
                    </select>
                  )}
                </td>
              ))}
              <td className="actions">
                {role.owner ? null : (
                  <Form method="post" id={`role-form-${role.id}`} preventScrollReset>
                    <input type="hidden" name="roleId" value={role.id} />
                    <button className="button small primary" disabled={busy} aria-label={`Save ${role.name}`}>
                      Save
                    </button>
                  </Form>
                )}
                <Link
                  className="button small"
                  to={`?preview=${role.id}`}
                  preventScrollReset
                  aria-label={`Preview ${role.name}`}
                >
                  Preview
                </Link>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
      {preview ? (
        <section className="card" data-testid="access-preview">
          <h2>What a member with {preview.name} sees</h2>
          <p className="muted">Their sidebar, and each section's level (with their guild's @everyone levels):</p>
          <ul className="access-preview">
            {navFor(preview.access).flatMap((g) => g.items.map((i) => <li key={i.to}>{i.label}</li>))}
          </ul>
          <dl className="access-levels">
            {SECTIONS.map((s) => (
              <div key={s}>
                <dt>{SECTION_LABELS[s]}</dt>
                <dd>{LEVEL_LABELS[preview.access[s]]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
