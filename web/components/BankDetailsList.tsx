/** The shop's bank account for deposits, and where to send the receipt. */
import { type BankDetails, whatsappShown } from "../../domain/shop.ts";
import { useI18n } from "../i18n/mod.ts";

export function BankDetailsList({ bank }: { bank: BankDetails }) {
  const { t } = useI18n();
  return (
    <dl className="bank-details">
      <dt>{t("bank.bank")}</dt>
      <dd>{bank.bankName}</dd>
      <dt>{t("bank.branch")}</dt>
      <dd>{bank.bankBranch}</dd>
      <dt>{t("bank.accountName")}</dt>
      <dd>{bank.accountName}</dd>
      <dt>{t("bank.accountNumber")}</dt>
      <dd>{bank.accountNumber}</dd>
      <dt>{t("bank.whatsapp")}</dt>
      <dd>{whatsappShown(bank.whatsappNumber)}</dd>
    </dl>
  );
}
