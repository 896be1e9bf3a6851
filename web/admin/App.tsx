/** The admin island: session, routing and the screen for the current path. */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { createApiClient } from "./api.ts";
import { AUTH_PATHS } from "../../contract/paths.ts";
import { AdminContext } from "./context.ts";
import { DashboardPage } from "./DashboardPage.tsx";
import { LoginPage } from "./auth/LoginPage.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { navigate, usePath } from "./navigation.ts";
import { OrderDetailPage } from "./orders/OrderDetailPage.tsx";
import { OrdersPage } from "./orders/OrdersPage.tsx";
import { LOGIN_PATH, pageTask, resolveRoute } from "./router.ts";
import { mayDo } from "../../domain/accounts/admin_roles.ts";
import { StaffPage } from "./staff/StaffPage.tsx";
import { SettingsPage } from "./settings/SettingsPage.tsx";
import { clearSession, readSession, saveSession, type Session } from "./auth/session.ts";
import { Shell } from "./Shell.tsx";
import { StockPage } from "./stock/StockPage.tsx";
import { CataloguePage } from "./catalogue/CataloguePage.tsx";
import { EditBookPage } from "./catalogue/EditBookPage.tsx";
import { EditStationeryPage } from "./catalogue/EditStationeryPage.tsx";
import { PromotionsPage } from "./promotions/PromotionsPage.tsx";
import { Loading } from "./Feedback.tsx";
import { AuditLogPage } from "./audit/AuditLogPage.tsx";
import { CouriersPage } from "./fulfilment/CouriersPage.tsx";
import { CodPage } from "./fulfilment/CodPage.tsx";

// The reports and their charts load only when the owner opens them.
const ReportsPage = lazy(() =>
  import("./reports/ReportsPage.tsx").then((m) => ({ default: m.ReportsPage }))
);

// So do the gift vouchers, the owner's alone.
const VouchersPage = lazy(() =>
  import("./vouchers/VouchersPage.tsx").then((m) => ({ default: m.VouchersPage }))
);

export function App() {
  const [session, setSession] = useState<Session | null>(() =>
    readSession(globalThis.localStorage, new Date())
  );
  const path = usePath();

  const logout = useCallback(() => {
    clearSession(globalThis.localStorage);
    setSession(null);
    navigate(LOGIN_PATH);
  }, []);

  const api = useMemo(() =>
    createApiClient({
      getToken: () => readSession(globalThis.localStorage, new Date())?.token ?? null,
      onUnauthorized: logout,
    }), [logout]);

  const onLoggedIn = useCallback((next: Session) => {
    saveSession(globalThis.localStorage, next);
    setSession(next);
  }, []);

  // The query too: the login page's `next` names the page to return to after signing in.
  const route = resolveRoute(path, session !== null, globalThis.location.search);
  useEffect(() => {
    if (route.kind === "redirect") navigate(route.to, { replace: true });
  }, [route.kind, route.kind === "redirect" ? route.to : ""]);

  const endSession = useCallback(async () => {
    // Logging out ends the token on the server at once; here it is forgotten either way.
    await api.call(AUTH_PATHS.logout).catch(() => {});
    logout();
  }, [api, logout]);

  // Signed out, the role is staff's: nothing is shown that only an owner may see.
  const role = session?.role ?? "staff";
  const context = useMemo(
    () => ({
      api,
      logout,
      endSession,
      replaceSession: onLoggedIn,
      role,
      may: (task: Parameters<typeof mayDo>[1]) => mayDo(role, task),
    }),
    [api, logout, endSession, onLoggedIn, role],
  );
  if (route.kind === "redirect") return null;
  if (route.page === "reset-password" || route.page === "invitation") {
    return (
      <AdminContext.Provider value={context}>
        <ResetPasswordPage invitation={route.page === "invitation"} />
      </AdminContext.Provider>
    );
  }
  if (route.page === "login") {
    return (
      <AdminContext.Provider value={context}>
        <LoginPage onLoggedIn={onLoggedIn} />
      </AdminContext.Provider>
    );
  }
  // The page's task decides whether this role sees it; the server refuses its calls anyway.
  const task = pageTask(route.page);
  const allowed = task === undefined || context.may(task);
  return (
    <AdminContext.Provider value={context}>
      <Shell
        current={route.page.startsWith("edit-")
          ? "catalogue"
          : route.page === "order"
          ? "orders"
          : route.page}
      >
        {!allowed && (
          <p role="alert" className="notice notice-failure">
            Only the shop's owner may open this page: ask the owner, or go back to Orders.
          </p>
        )}
        {allowed && route.page === "dashboard" && <DashboardPage />}
        {allowed && route.page === "orders" && <OrdersPage />}
        {allowed && route.page === "order" && <OrderDetailPage id={route.id!} key={route.id} />}
        {allowed && route.page === "stock" && <StockPage />}
        {allowed && route.page === "catalogue" && <CataloguePage />}
        {allowed && route.page === "edit-book" && <EditBookPage id={route.id!} key={route.id} />}
        {allowed && route.page === "edit-stationery" && (
          <EditStationeryPage id={route.id!} key={route.id} />
        )}
        {allowed && route.page === "promotions" && <PromotionsPage />}
        {allowed && route.page === "audit" && <AuditLogPage />}
        {allowed && route.page === "reports" && (
          <Suspense fallback={<Loading label="Loading the reports" />}>
            <ReportsPage />
          </Suspense>
        )}
        {allowed && route.page === "vouchers" && (
          <Suspense fallback={<Loading label="Loading the gift vouchers" />}>
            <VouchersPage />
          </Suspense>
        )}
        {allowed && route.page === "staff" && <StaffPage />}
        {allowed && route.page === "settings" && <SettingsPage />}
        {allowed && route.page === "couriers" && <CouriersPage />}
        {allowed && route.page === "cod" && <CodPage />}
      </Shell>
    </AdminContext.Provider>
  );
}
