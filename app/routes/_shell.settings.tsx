import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { requireUser } from "#app/auth/session.server";
import { host, hostErrorOf } from "#app/host/client.server";
import { Avatar } from "#app/components/shell/TopBar";
import type { FieldErrors } from "#app/utils/action";
import { formOf, hostFieldErrors } from "#app/utils/action.server";
import { apiWording, errorsOf, firstError, lastResultOf } from "#app/utils/forms";
import { useAfterPaint } from "#app/utils/after-paint";
import { parseToken } from "#app/utils/token-form";
import { formatUtcDateTime } from "#app/utils/dates";
import { displayNameOf } from "#app/utils/user";
import { can, LEVEL_LABELS, levelsOf, SECTION_LABELS, SECTIONS, type Access } from "#contract/access";
import { Choices } from "#app/components/table/Options";

/**
 * The Create token form's check: the API's body (contract/tokens.ts), in the API's words, in the action and (loaded
 * after the first paint, utils/token-form.ts) in the browser.
 */
const loadTokenForm = () => import("#app/utils/token-form");

export const meta: MetaFunction = () => [{ title: "Settings · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, sessionId, access } = requireUser(request, context.auth);
  const [sessions, tokens] = await Promise.all([
    context.services.sessions.list(context.cloudflare.env, user.id),
    host(context)
      .get<ApiToken[]>("/api/tokens")
      .then((a) => a.data)
      .catch(() => null), // an external host may not offer tokens
  ]);
  return json({
    user,
    access,
    tokens,
    sessions: sessions
      .map((s) => ({
        handle: s.handle,
        current: s.id === sessionId,
        device: describeDevice(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt)),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, sessionId } = requireUser(request, context.auth);
  const form = await formOf(request);
  const intent = form.get("intent");
  const env = context.cloudflare.env;
  if (intent === "revoke-others") {
    const n = await context.services.sessions.revoke(env, user.id, { allBut: sessionId });
    return json({
      section: "sessions",
      ok: true,
      message: n === 0 ? "No other sessions to sign out." : `Signed out ${n} other session${n === 1 ? "" : "s"}.`,
    });
  }
  if (intent === "revoke") {
    const handle = form.get("session");
    if (typeof handle !== "string" || !/^[0-9a-f]{24}$/.test(handle)) {
      return json({ section: "sessions", ok: false, message: "Choose a session to sign out." }, 400);
    }
    const current = (await context.services.sessions.list(env, user.id)).find((s) => s.id === sessionId);
    if (current?.handle === handle)
      return json({ section: "sessions", ok: false, message: "Use Sign Out to end this session." }, 400);
    const n = await context.services.sessions.revoke(env, user.id, { handle });
    if (n === 0) return json({ section: "sessions", ok: false, message: "That session has already ended." }, 404);
    return json({ section: "sessions", ok: true, message: "Signed out that session." });
  }
  if (intent === "create-token" || intent === "revoke-token") {
    try {
      if (intent === "create-token") {
        const submission = parseToken(form);
        if (submission.status !== "success") {
          const errors = errorsOf(submission.error);
          return json({ section: "tokens", ok: false, message: firstError(errors) ?? "", errors }, 400);
        }
        const created = await host(context).send<ApiToken & { token: string }>("POST", "/api/tokens", submission.value);
        return json({
          section: "tokens",
          ok: true,
          message: `Token "${created.name}" created. Copy it now: it will not be shown again.`,
          token: created.token,
        });
      }
      const id = String(form.get("tokenId") ?? "");
      await host(context).send("DELETE", `/api/tokens/${encodeURIComponent(id)}`);
      return json({ section: "tokens", ok: true, message: "Token revoked." });
    } catch (error) {
      const refused = hostErrorOf(error);
      if (!refused) throw error;
      const errors = hostFieldErrors(error, ["name"], apiWording) ?? undefined;
      return json({ section: "tokens", ok: false, message: refused.message, errors }, refused.status);
    }
  }
  return json({ section: "sessions", ok: false, message: "Unknown action." }, 400);
}

type ApiToken = {
  id: string;
  name: string;
  prefix: string;
  scopes: Partial<Access> | null;
  createdAt: number;
  lastUsedAt: number | null;
};

/** A token's scopes in words: the sections it may use and how, or everything its maker may do. */
function scopesText(scopes: Partial<Access> | null) {
  if (!scopes) return "All of yours";
  const used = SECTIONS.filter((s) => scopes[s] && scopes[s] !== "none").map(
    (s) => `${SECTION_LABELS[s]}: ${LEVEL_LABELS[scopes[s]!]}`,
  );
  return used.length ? used.join(", ") : "Nothing";
}

/** A short, human name for a browser from its user agent. */
function describeDevice(ua: string | null) {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "another system";
  return `${browser} on ${os}`;
}

const when = (iso: string) => formatUtcDateTime(iso);

export default function Settings() {
  const { user, access, sessions, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const others = sessions.filter((s) => !s.current).length;
  const refused = result && "errors" in result ? (result.errors as FieldErrors | undefined) : undefined;
  const tokenCheck = useAfterPaint(loadTokenForm);
  const [tokenForm, tokenFields] = useForm({
    id: "create-token",
    // Without JavaScript the browser checks the fields itself (required, maxLength); conform takes over once hydrated.
    defaultNoValidate: false,
    lastResult: useMemo(() => lastResultOf(refused), [refused]),
    // Until the check has loaded (just after the first paint) the action is the only one.
    onValidate: tokenCheck ? ({ formData }) => tokenCheck.parseToken(formData) : undefined,
  });
  const nameError = tokenFields.name.errors?.[0];
  return (
    <>
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      <section className="card">
        <h2>Account</h2>
        <div className="account">
          <Avatar user={user} size={64} />
          <dl>
            <dt>Name</dt>
            <dd>{displayNameOf(user)}</dd>
            <dt>Username</dt>
            <dd>@{user.username}</dd>
            <dt>Discord ID</dt>
            <dd>
              <code>{user.id}</code>
            </dd>
          </dl>
        </div>
      </section>
      <section className="card">
        <div className="card-header">
          <h2>Active sessions</h2>
          <Form method="post">
            <button className="button" name="intent" value="revoke-others" disabled={busy || others === 0}>
              Sign out other sessions
            </button>
          </Form>
        </div>
        {result?.section === "sessions" ? <Result result={result} /> : null}
        <table className="table table-cards">
          <HeadWithActions titles={["Device", "Signed in", "Last active", "Expires"]} />
          <tbody>
            {sessions.map((s) => (
              <tr key={s.handle} data-testid="session-row">
                <td data-label="Device">
                  {s.device} {s.current ? <span className="badge green">This session</span> : null}
                </td>
                <td data-label="Signed in">{when(s.createdAt)}</td>
                <td data-label="Last active">{when(s.lastSeenAt)}</td>
                <td data-label="Expires">{when(s.expiresAt)}</td>
                <td className="actions">
                  {s.current ? null : (
                    <RowAction intent="revoke" field="session" value={s.handle} label="Sign out" busy={busy} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {tokens ? (
        <section className="card">
          <div className="card-header">
            <h2>API tokens</h2>
          </div>
          <p className="muted">
            For the Discord bot, game-server collectors and scripts: send one as <code>Authorization: Bearer …</code>. A
            token acts with your name in the audit trail. See docs/api.md.
          </p>
          {result?.section === "tokens" && !nameError ? <Result result={result} /> : null}
          {nameError ? (
            <p className="notice" role="status" id={tokenFields.name.errorId}>
              {nameError}
            </p>
          ) : null}
          {result && "token" in result && typeof result.token === "string" ? (
            <p className="token-once">
              <code data-testid="new-token">{result.token}</code>
            </p>
          ) : null}
          <Form method="post" className="inline-form" {...getFormProps(tokenForm)}>
            <label>
              <span className="sr-only">Token name</span>
              <input
                {...getInputProps(tokenFields.name, { type: "text" })}
                placeholder="Name, e.g. Discord bot"
                maxLength={60}
                required
              />
            </label>
            <button className="button" name="intent" value="create-token" disabled={busy}>
              Create token
            </button>
            <details className="token-scopes">
              <summary>What it may do</summary>
              <p className="muted">Never more than you may; a section set to None is closed to it.</p>
              <div className="token-scope-grid">
                {SECTIONS.filter((s) => access[s] !== "none").map((s) => (
                  <label key={s}>
                    <span>{SECTION_LABELS[s]}</span>
                    <select name={`scopes.${s}`} defaultValue={access[s]}>
                      <Choices
                        values={levelsOf(s).filter((l) => l === "none" || can(access, s, l))}
                        label={(l) => LEVEL_LABELS[l]}
                      />
                    </select>
                  </label>
                ))}
              </div>
            </details>
          </Form>
          {tokens.length === 0 ? (
            <p className="muted">No API tokens yet.</p>
          ) : (
            <table className="table table-cards">
              <HeadWithActions titles={["Name", "Token", "May do", "Created", "Last used"]} />
              <tbody>
                {tokens.map((t) => (
                  <tr key={t.id} data-testid="token-row">
                    <td data-label="Name">{t.name}</td>
                    <td data-label="Token">
                      <code>{t.prefix}…</code>
                    </td>
                    <td data-label="May do">{scopesText(t.scopes)}</td>
                    <td data-label="Created">{when(new Date(t.createdAt).toISOString())}</td>
                    <td data-label="Last used">
                      {t.lastUsedAt ? when(new Date(t.lastUsedAt).toISOString()) : "Never"}
                    </td>
                    <td className="actions">
                      <RowAction intent="revoke-token" field="tokenId" value={t.id} label="Revoke" busy={busy} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}

/** A row's own button: a form posting the row's id under `field` with the intent. */
function RowAction({
  intent,
  field,
  value,
  label,
  busy,
}: {
  intent: string;
  field: string;
  value: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={field} value={value} />
      <button className="button small" name="intent" value={intent} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function Result({ result }: { result: { ok: boolean; message: string } }) {
  return (
    <p className={result.ok ? "notice success" : "notice"} role="status">
      {result.message}
    </p>
  );
}

/** A settings table's header: its columns' titles and the (unnamed) column of each row's actions. */
function HeadWithActions({ titles }: { titles: string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title}>{title}</th>
        ))}
        <th>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
