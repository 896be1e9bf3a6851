/** How many products the filters found, announced when it changes. */
import { type MessageKey, useI18n } from "../i18n/mod.ts";

export function ResultCount(
  { total, message }: { total: number; message: MessageKey },
) {
  const { t } = useI18n();
  return <p className="result-count" role="status">{t(message, { total })}</p>;
}
