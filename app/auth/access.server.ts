// The Access page's calls into the platform's role mapping (worker/platform/role-admin.ts), through this .server module
// so that no route module reaches the store (and Drizzle) directly: access, like sessions, belongs to this dashboard,
// not to the host, so it stays here when HOST_URL points the data elsewhere.
export { rolesWithLevels, setRoleLevels } from "../../worker/platform/role-admin";
