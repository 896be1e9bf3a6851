/**
 * The texts' words: each kind's catalogue entry (messages/*.json, `sms.`) in the order's
 * language, with the shop's name, the order number and the amount written as the mails
 * write it (LKR, two decimals); the dispatch text adds each parcel's tracking link, or
 * without links the courier and the tracking number the order has. Kept short: a Sinhala or Tamil text goes as UCS-2, 67 units a part, and
 * the tests hold every text to two parts.
 */
import type { SmsNotice, SmsRenderer } from "../../domain/notifications/sms.ts";
import { SMS_POLICIES } from "../../domain/notifications/sms_kinds.ts";
import { wordsFor } from "../i18n/words.ts";

export class MessageFormatSmsRenderer implements SmsRenderer {
  render(notice: SmsNotice): string {
    const words = wordsFor(notice.language);
    const sentences = [
      words.t(SMS_POLICIES[notice.kind].words, {
        shop: notice.shopName,
        id: String(notice.orderId),
        amount: notice.amountCents === null ? "" : words.lkr(notice.amountCents),
      }),
    ];
    const links = notice.trackingLinks ?? [];
    // A parcel's tracking link names its waybill: the text gives the links alone then.
    if (links.length === 0) {
      if (notice.courier) sentences.push(words.t("sms.courier", { courier: notice.courier }));
      if (notice.trackingNumber) {
        sentences.push(words.t("sms.tracking", { number: notice.trackingNumber }));
      }
    }
    for (const url of links) sentences.push(words.t("sms.trackAt", { url }));
    return sentences.join(" ");
  }
}
