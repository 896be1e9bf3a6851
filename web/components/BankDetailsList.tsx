/** The shop's bank account for deposits, and where to send the receipt. */
import type { BankDetails } from "../../domain/shop.ts";

export function BankDetailsList({ bank }: { bank: BankDetails }) {
  return (
    <dl className="bank-details">
      <dt>Bank</dt>
      <dd>{bank.bankName}</dd>
      <dt>Branch</dt>
      <dd>{bank.bankBranch}</dd>
      <dt>Account name</dt>
      <dd>{bank.accountName}</dd>
      <dt>Account number</dt>
      <dd>{bank.accountNumber}</dd>
      <dt>WhatsApp</dt>
      <dd>{bank.whatsappNumber}</dd>
    </dl>
  );
}
