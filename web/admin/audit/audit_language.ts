/**
 * The language the owner reads the audit trail in (en, si or ta), kept in this browser
 * (`localStorage`), and its words, which the admin page carries (`ADMIN_WORDS_ID`, written by
 * the server from messages/*.json): the admin bundle itself holds no catalogue.
 */
import { useEffect, useState } from "react";
import { type Locale, SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";
import { type AuditWordList, type AuditWords, auditWords } from "./audit_words.ts";

/** The id of the JSON script holding the audit's words of every language. */
export const ADMIN_WORDS_ID = "admin-words";

const STORAGE_KEY = "pothgula-admin-language";
const CHANGED = "pothgula-admin-language";

let carried: Partial<Record<Locale, AuditWordList>> | undefined;

function wordLists(): Partial<Record<Locale, AuditWordList>> {
  if (carried) return carried;
  const script = globalThis.document?.getElementById(ADMIN_WORDS_ID);
  try {
    carried = script?.textContent ? JSON.parse(script.textContent) : {};
  } catch {
    carried = {};
  }
  return carried ?? {};
}

function stored(): Locale {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return SHOP_LANGUAGES.find((l) => l === value) ?? "en";
  } catch {
    return "en";
  }
}

/** The chosen language, its words, and a way to choose another (every reader follows). */
export function useAuditLanguage(): {
  language: Locale;
  words: AuditWords;
  choose: (language: Locale) => void;
} {
  const [language, setLanguage] = useState<Locale>(stored);
  useEffect(() => {
    const follow = () => setLanguage(stored());
    globalThis.addEventListener(CHANGED, follow);
    return () => globalThis.removeEventListener(CHANGED, follow);
  }, []);
  const lists = wordLists();
  return {
    language,
    words: auditWords(lists[language] ?? lists.en ?? {}),
    choose: (next) => {
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, next);
      } catch {
        // Kept for this page only.
      }
      setLanguage(next);
      globalThis.dispatchEvent(new Event(CHANGED));
    },
  };
}

/** Each language by its own name, as the choice lists it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", si: "සිංහල", ta: "தமிழ்" };
