/**
 * The page a confirmation mail's link opens: it asks before it confirms anything (mail
 * scanners open links), then says how many earlier orders joined the account. An island
 * of its own, so that its page carries its words only.
 */
import { useState } from "react";
import { ApiFailure, shopApi } from "../lib/api.ts";
import { AUTH_PATHS } from "../../contract/paths.ts";
import { Spinner } from "../components/Spinner.tsx";
import { useI18n } from "../i18n/mod.ts";

type State =
  | { kind: "ready" | "sending" | "bad" | "failed" }
  | { kind: "done"; joinedOrders: number };

/** One button confirms the address; then the answer, and the way to the account. */
export function VerifyEmail({ token }: { token: string }) {
  const { t, href } = useI18n();
  const [state, setState] = useState<State>({ kind: token ? "ready" : "bad" });
  const confirm = async () => {
    setState({ kind: "sending" });
    try {
      const answer = await shopApi.call(AUTH_PATHS.verify, { json: { token } });
      setState({ kind: "done", joinedOrders: answer.data.joinedOrders });
    } catch (error) {
      setState({ kind: error instanceof ApiFailure && error.status === 400 ? "bad" : "failed" });
    }
  };
  if (state.kind === "done") {
    return (
      <div className="verify-email">
        <p className="notice notice-ok" role="status">
          {t("verify.done")} {t("verify.joined", { count: state.joinedOrders })}
        </p>
        <p>
          <a className="button" href={href("/account")}>{t("verify.toAccount")}</a>
        </p>
      </div>
    );
  }
  if (state.kind === "bad") {
    return (
      <div className="verify-email">
        <p className="notice notice-error" role="alert">{t("verify.badLink")}</p>
        <p>
          <a href={href("/account")}>{t("verify.toAccount")}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="verify-email">
      <p>{t("verify.intro")}</p>
      <button
        type="button"
        className="button"
        disabled={state.kind === "sending"}
        aria-busy={state.kind === "sending"}
        onClick={confirm}
      >
        {t("verify.confirm")}
      </button>
      {state.kind === "sending" ? <Spinner label={t("verify.confirming")} /> : null}
      {state.kind === "failed"
        ? <p className="notice notice-error" role="alert">{t("verify.failed")}</p>
        : null}
    </div>
  );
}
