-- The pages the owner writes (issue 49): FAQ, Terms, Privacy, Delivery and Returns, a title
-- and a text per shop language, in plain formatting (domain/pages/owner_page.ts). A page is
-- written over as a whole; the shop shows the text as the owner last saved it.
CREATE TABLE owner_pages (
  slug text NOT NULL CHECK (slug IN ('faq', 'terms', 'privacy', 'delivery', 'returns')),
  language text NOT NULL CHECK (language IN ('en', 'si', 'ta')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (octet_length(body) <= 102400),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (slug, language)
);
