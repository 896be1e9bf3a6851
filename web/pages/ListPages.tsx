/** The two store pages: a heading and the list island. */
import { Island } from "../components/Island.tsx";
import { BookList, type BookListProps } from "../islands/BookList.tsx";
import { StationeryList, type StationeryListProps } from "../islands/StationeryList.tsx";

export function BookStorePage({ list }: { list: BookListProps }) {
  return (
    <>
      <h1 className="page-title">Book Store</h1>
      {list.query.q ? <p className="search-note">Results for “{list.query.q}”</p> : null}
      <Island name="BookList" component={BookList} props={list} />
    </>
  );
}

export function StationeryStorePage({ list }: { list: StationeryListProps }) {
  return (
    <>
      <h1 className="page-title">Stationery Store</h1>
      {list.query.q ? <p className="search-note">Results for “{list.query.q}”</p> : null}
      <Island name="StationeryList" component={StationeryList} props={list} />
    </>
  );
}
