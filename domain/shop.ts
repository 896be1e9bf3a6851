/** The shop's bank account for Bank Deposit orders, and where to send the receipt. */
export interface BankDetails {
  bankName: string;
  bankBranch: string;
  accountName: string;
  accountNumber: string;
  whatsappNumber: string;
}

/** How the shop presents itself: footer, mails and order slips. */
export interface ShopInfo {
  name: string;
  /** Absolute base for links in mail and share metadata, without a trailing slash. */
  publicUrl: string;
  email: string;
  phones: [string, string];
  address: string;
}
