/** The two store pages: a heading and the list island. */
import { Island } from "../components/Island.tsx";
import { cardFacts } from "../components/BookCard.tsx";
import { BookList, type BookListProps } from "../islands/BookList.tsx";
import { StationeryList, type StationeryListProps } from "../islands/StationeryList.tsx";
import { useI18n } from "../i18n/mod.ts";

export function BookStorePage({ list }: { list: BookListProps }) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="page-title">{t("shell.bookStore")}</h1>
      {list.query.q
        ? <p className="search-note">{t("list.resultsFor", { q: list.query.q })}</p>
        : null}
      <Island
        name="BookList"
        component={BookList}
        props={{ ...list, page: { ...list.page, items: list.page.items.map(cardFacts) } }}
      />
    </>
  );
}

export function StationeryStorePage({ list }: { list: StationeryListProps }) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="page-title">{t("shell.stationeryStore")}</h1>
      {list.query.q
        ? <p className="search-note">{t("list.resultsFor", { q: list.query.q })}</p>
        : null}
      <noscript>
        <p className="notice">{t("cart.needsScript")}</p>
      </noscript>
      <Island name="StationeryList" component={StationeryList} props={list} />
    </>
  );
}
