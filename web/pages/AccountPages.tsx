/** The customer's pages: log in, the account, a forgotten password. */
import type { Province } from "../../domain/catalogue/locations.ts";
import { Island } from "../components/Island.tsx";
import { Account } from "../islands/Account.tsx";
import { Login } from "../islands/Login.tsx";
import { ResetPassword } from "../islands/ResetPassword.tsx";

export function LoginPage() {
  return (
    <section className="narrow">
      <h1 className="page-title">Log in</h1>
      <Island name="Login" component={Login} props={{}} />
    </section>
  );
}

export function AccountPage({ provinces }: { provinces: Province[] }) {
  return (
    <section className="narrow">
      <h1 className="page-title">Your account</h1>
      <Island name="Account" component={Account} props={{ provinces }} />
    </section>
  );
}

export function ResetPasswordPage() {
  return (
    <section className="narrow">
      <h1 className="page-title">Reset your password</h1>
      <Island name="ResetPassword" component={ResetPassword} props={{}} />
    </section>
  );
}
