// What the signed-in member may do, as the shell's loader said (contract/access.ts), for pages to show edit controls only
// to those who may use them. The server checks every write in any case: this only keeps forms that would be refused
// out of sight.
import { useRouteLoaderData } from "@remix-run/react";
import { can, type Access, type Section } from "#contract/access";

export function useAccess(): Access | undefined {
  return useRouteLoaderData<{ access: Access }>("routes/_shell")?.access;
}

/** Whether the member may do `level` in `section` (edit unless said). */
export function useCan(section: Section, level: "view" | "edit" = "edit") {
  const access = useAccess();
  return !!access && can(access, section, level);
}
