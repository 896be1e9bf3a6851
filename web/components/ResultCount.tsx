/**
 * How many products the filters found, announced when it changes; a search that counted
 * only up to its bound says "at least" ("1,000+ books found").
 */
import { type MessageKey, useI18n } from "../i18n/mod.ts";

export interface ResultCountProps {
  total: number;
  /** The words of an exact count ("{total} books found"). */
  message: MessageKey;
  /** More than `total` match (the page's `totalCapped`). */
  capped?: boolean;
  /** The words of a count that is a lower bound ("{total}+ books found"). */
  cappedMessage: MessageKey;
}

export function ResultCount({ total, message, capped, cappedMessage }: ResultCountProps) {
  const { t } = useI18n();
  return (
    <p className="result-count" role="status">{t(capped ? cappedMessage : message, { total })}</p>
  );
}
