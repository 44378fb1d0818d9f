import { Form, NavLink } from "@remix-run/react";
import { forwardRef } from "react";
import { Icon } from "#app/components/icons";
import type { Access } from "#contract/access";
import { navFor } from "./nav";

export const Sidebar = forwardRef<HTMLElement, { access: Access; collapsed: boolean; mobileOpen: boolean }>(
  function Sidebar({ access, collapsed, mobileOpen }, ref) {
    return (
      <aside
        ref={ref}
        id="sidebar"
        className="sidebar"
        data-collapsed={collapsed}
        data-mobile-open={mobileOpen}
        aria-label="Main navigation"
      >
        <a className="brand" href="/dashboard" title="ARK Tribe Dashboard">
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <span className="label">ARK Tribe</span>
        </a>
        <nav>
          {navFor(access).map((group) => (
            <div className="nav-group" key={group.label}>
              <div className="nav-group-label label">{group.label}</div>
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} title={item.label} prefetch="intent">
                      <Icon name={item.icon} />
                      <span className="label">{item.label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <Form method="post" action="/signout" className="sidebar-signout">
          <button type="submit" title="Sign Out">
            <Icon name="signout" />
            <span className="label">Sign Out</span>
          </button>
        </Form>
      </aside>
    );
  },
);
