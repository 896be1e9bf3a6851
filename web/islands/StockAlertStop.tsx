/**
 * The page a back-in-stock mail's unsubscribe link opens: it asks before it stops anything
 * (mail scanners open links), then says what was done. An island of its own, so that its
 * page carries its words only (web/i18n/word_keys.ts names an island by its file).
 */
import { useState } from "react";
import { ApiFailure, shopApi } from "../lib/api.ts";
import { STOCK_ALERT_PATHS } from "../../contract/paths.ts";
import { Spinner } from "../components/Spinner.tsx";
import { useI18n } from "../i18n/mod.ts";

/** The page a back-in-stock mail's unsubscribe link opens: one button, then the answer. */
export function StockAlertStop({ token }: { token: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<"ready" | "sending" | "done" | "bad" | "failed">(
    token ? "ready" : "bad",
  );
  const stop = async () => {
    setState("sending");
    try {
      await shopApi.call(STOCK_ALERT_PATHS.unsubscribe, { query: { token } });
      setState("done");
    } catch (error) {
      setState(error instanceof ApiFailure && error.status === 404 ? "bad" : "failed");
    }
  };
  return (
    <div className="stock-alert stock-alert-stop">
      {state === "done"
        ? <p className="notice notice-ok" role="status">{t("stockAlert.stopped")}</p>
        : state === "bad"
        ? <p className="notice notice-error" role="status">{t("stockAlert.badLink")}</p>
        : (
          <>
            <p>{t("stockAlert.stopIntro")}</p>
            <button
              type="button"
              className="button"
              disabled={state === "sending"}
              aria-busy={state === "sending"}
              onClick={stop}
            >
              {t("stockAlert.stop")}
            </button>
            {state === "sending" ? <Spinner label={t("stockAlert.stopping")} /> : null}
            {state === "failed"
              ? <p className="notice notice-error" role="status">{t("stockAlert.failed")}</p>
              : null}
          </>
        )}
    </div>
  );
}
