/**
 * A translated sentence with elements inside it (a link, a bold amount): each language puts
 * them where its own word order wants, at its `{name}` placeholders.
 */
import { Fragment, type ReactNode } from "react";
import { type MessageKey, useI18n, type Values } from "../i18n/mod.ts";

/** Stands for an element inside the formatted text until the text is split around it. */
const MARK = "\u0000";

export function Sentence(
  { id, values, parts }: { id: MessageKey; values?: Values; parts: Record<string, ReactNode> },
) {
  const { t } = useI18n();
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, MARK + name + MARK]));
  const pieces = t(id, { ...values, ...marks }).split(MARK);
  // Odd pieces are the names of the parts, even pieces the text around them.
  return (
    <>
      {pieces.map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? parts[piece] : piece}</Fragment>)}
    </>
  );
}
