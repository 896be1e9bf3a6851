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
import { LOGIN_PATH, resolveRoute } from "./router.ts";
import { clearSession, readSession, saveSession, type Session } from "./auth/session.ts";
import { Shell } from "./Shell.tsx";
import { StockPage } from "./stock/StockPage.tsx";
import { CataloguePage } from "./catalogue/CataloguePage.tsx";
import { EditBookPage } from "./catalogue/EditBookPage.tsx";
import { EditStationeryPage } from "./catalogue/EditStationeryPage.tsx";
import { PromotionsPage } from "./promotions/PromotionsPage.tsx";
import { Loading } from "./Feedback.tsx";
import { AuditLogPage } from "./audit/AuditLogPage.tsx";

// The reports and their charts load only when the owner opens them.
const ReportsPage = lazy(() =>
  import("./reports/ReportsPage.tsx").then((m) => ({ default: m.ReportsPage }))
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

  const context = useMemo(
    () => ({ api, logout, endSession, replaceSession: onLoggedIn }),
    [api, logout, endSession, onLoggedIn],
  );
  if (route.kind === "redirect") return null;
  if (route.page === "reset-password") {
    return (
      <AdminContext.Provider value={context}>
        <ResetPasswordPage />
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
  return (
    <AdminContext.Provider value={context}>
      <Shell
        current={route.page.startsWith("edit-")
          ? "catalogue"
          : route.page === "order"
          ? "orders"
          : route.page}
      >
        {route.page === "dashboard" && <DashboardPage />}
        {route.page === "orders" && <OrdersPage />}
        {route.page === "order" && <OrderDetailPage id={route.id!} key={route.id} />}
        {route.page === "stock" && <StockPage />}
        {route.page === "catalogue" && <CataloguePage />}
        {route.page === "edit-book" && <EditBookPage id={route.id!} key={route.id} />}
        {route.page === "edit-stationery" && <EditStationeryPage id={route.id!} key={route.id} />}
        {route.page === "promotions" && <PromotionsPage />}
        {route.page === "audit" && <AuditLogPage />}
        {route.page === "reports" && (
          <Suspense fallback={<Loading label="Loading the reports" />}>
            <ReportsPage />
          </Suspense>
        )}
      </Shell>
    </AdminContext.Provider>
  );
}
