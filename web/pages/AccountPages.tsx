/** The customer's pages: log in, the account, a forgotten password, confirming an address. */
import type { Province } from "../../domain/catalogue/locations.ts";
import { Island } from "../components/Island.tsx";
import { Account } from "../islands/Account.tsx";
import { Login } from "../islands/Login.tsx";
import { ResetPassword } from "../islands/ResetPassword.tsx";
import { StockAlertStop } from "../islands/StockAlertStop.tsx";
import { VerifyEmail } from "../islands/VerifyEmail.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { useI18n } from "../i18n/mod.ts";

/** The look-up of an order placed without an account, which the account does not list. */
function TrackLink() {
  const { t, href } = useI18n();
  return (
    <p className="hint track-link">
      <Sentence
        id="login.trackGuest"
        parts={{ link: <a href={href("/track")}>{t("footer.track")}</a> }}
      />
    </p>
  );
}

export function LoginPage() {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("login.title")}</h1>
      <Island name="Login" component={Login} props={{}} />
      <TrackLink />
    </section>
  );
}

export function AccountPage({ provinces }: { provinces: Province[] }) {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("account.title")}</h1>
      <Island name="Account" component={Account} props={{ provinces }} />
      <TrackLink />
    </section>
  );
}

export function ResetPasswordPage() {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("reset.title")}</h1>
      <Island name="ResetPassword" component={ResetPassword} props={{}} />
    </section>
  );
}

/** Where a back-in-stock mail's unsubscribe link leads: one button stops those mails. */
export function StockAlertStopPage({ token }: { token: string }) {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("stockAlert.stopTitle")}</h1>
      <Island name="StockAlertStop" component={StockAlertStop} props={{ token }} />
    </section>
  );
}

/** Where a confirmation mail's link leads: one button confirms the address. */
export function VerifyEmailPage({ token }: { token: string }) {
  const { t } = useI18n();
  return (
    <section className="narrow">
      <h1 className="page-title">{t("verify.title")}</h1>
      <Island name="VerifyEmail" component={VerifyEmail} props={{ token }} />
    </section>
  );
}
