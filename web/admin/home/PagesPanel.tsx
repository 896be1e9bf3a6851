/**
 * The owner writes the shop's pages here (FAQ, Terms, Privacy, Delivery, Returns), a title
 * and a text per language, in plain formatting; a refused text says why (the server's reason).
 */
import { useEffect, useState } from "react";
import { OWNER_PAGE_PATHS } from "../../../contract/admin_paths.ts";
import { OWNER_PAGES, type OwnerPageSlug } from "../../../domain/pages/owner_page.ts";
import { type Locale, SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";
import { ApiFailure, messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Notice } from "../Feedback.tsx";
import { useNotice } from "../hooks.ts";

const PAGE_NAMES: Record<OwnerPageSlug, string> = {
  faq: "FAQ",
  terms: "Terms",
  privacy: "Privacy",
  delivery: "Delivery",
  returns: "Returns",
};

const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", si: "Sinhala", ta: "Tamil" };

/** A refusal's reasons: the server names each problem of the text. */
function reasonsOf(error: unknown): string {
  if (error instanceof ApiFailure && Array.isArray(error.details)) {
    return error.details.map((d: { message?: string }) => d.message ?? "").join("; ");
  }
  return messageOf(error);
}

export function PagesPanel() {
  const { api } = useAdmin();
  const { notice, success, failure, clear } = useNotice();
  const [slug, setSlug] = useState<OwnerPageSlug>("faq");
  const [language, setLanguage] = useState<Locale>("en");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  // The fields wait for the chosen page's text: what the owner types is never overwritten by
  // an answer that arrives after it.
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    api.call(OWNER_PAGE_PATHS.one, { params: { slug, language } }).then(
      (page) => {
        if (!live) return;
        setTitle(page.data.title);
        setBody(page.data.body);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setTitle("");
        setBody("");
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, slug, language]);

  async function save() {
    clear();
    try {
      await api.call(OWNER_PAGE_PATHS.save, { params: { slug, language }, json: { title, body } });
      success(`Saved: the ${PAGE_NAMES[slug]} page in ${LANGUAGE_NAMES[language]}`);
    } catch (error) {
      failure(`Not saved: ${reasonsOf(error)}`);
    }
  }

  return (
    <section className="panel" aria-labelledby="pages-heading">
      <h2 id="pages-heading">The shop's pages</h2>
      <p className="panel-hint">
        Plain formatting: ## for a heading, - for a list item, [words](https://...) for a link;
        {" {{payment_methods}}, {{holds}} and {{delivery_times}} "}put in the shop's own rules.
      </p>
      <div className="form-pair">
        <label className="field">
          Which page
          <select value={slug} onChange={(e) => setSlug(e.target.value as OwnerPageSlug)}>
            {OWNER_PAGES.map((p) => <option key={p} value={p}>{PAGE_NAMES[p]}</option>)}
          </select>
        </label>
        <label className="field">
          Page language
          <select value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
            {SHOP_LANGUAGES.map((l) => <option key={l} value={l}>{LANGUAGE_NAMES[l]}</option>)}
          </select>
        </label>
      </div>
      <label className="field">
        Page title
        <input
          value={title}
          required
          disabled={loading}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="field">
        Page text
        <textarea
          rows={10}
          value={body}
          disabled={loading}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <div className="form-actions">
        <button type="button" className="button-primary" onClick={save} disabled={loading}>
          Save page
        </button>
      </div>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
