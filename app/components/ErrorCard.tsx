// What a page that failed says: not found, not allowed (with what is missing), or something went wrong. The root shows
// it alone; the signed-in shell shows it inside the sidebar and top bar, so a member can go on from there.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

export function ErrorCard() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : status === 403 ? "Not allowed" : "Something went wrong";
  const detail =
    status === 404
      ? "There is nothing at this address."
      : isRouteErrorResponse(error) && typeof error.data === "string"
        ? error.data
        : "Please try again. If it keeps happening, tell a tribe Admin.";
  return (
    <div className="card narrow error-card">
      <h1>{title}</h1>
      <p className="muted">{detail}</p>
      <p>
        <a className="button" href="/dashboard">
          Back to the dashboard
        </a>
      </p>
    </div>
  );
}
