/** The admin shell: title, tabs and logout around the current screen. */
import type { MouseEvent, ReactNode } from "react";
import { useAdmin } from "./context.ts";
import { navigate } from "./navigation.ts";
import { type AdminPage, TABS } from "./router.ts";
import { PasswordForm } from "./auth/PasswordForm.tsx";

export function Shell({ current, children }: { current: AdminPage; children: ReactNode }) {
  const { endSession, may, role } = useAdmin();
  function follow(event: MouseEvent<HTMLAnchorElement>, path: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  }
  return (
    <div className="admin">
      <header className="admin-header">
        <h1>Admin Dashboard</h1>
        <span className="admin-role">Signed in as {role === "owner" ? "owner" : "staff"}</span>
        <details className="admin-password">
          <summary>Password</summary>
          <PasswordForm />
        </details>
        <button type="button" className="button-secondary" onClick={() => endSession()}>
          Logout
        </button>
      </header>
      <nav className="admin-tabs" aria-label="Admin sections">
        {TABS.filter((tab) => may(tab.task)).map((tab) => (
          <a
            key={tab.page}
            href={tab.path}
            className={tab.page === current ? "tab tab-current" : "tab"}
            aria-current={tab.page === current ? "page" : undefined}
            onClick={(event) => follow(event, tab.path)}
          >
            {tab.label}
          </a>
        ))}
      </nav>
      <main className="admin-main">{children}</main>
    </div>
  );
}
