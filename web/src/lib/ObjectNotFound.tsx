import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { ApiError } from './api';

/**
 * A card route whose object is missing or another company's (the server answers both with 404, so as not to tell
 * them apart) shows this one page, not an empty screen under 2–3 notices. The query that decides it
 * asks with `notFoundPage`, so the API client raises no notice for that 404.
 */
export function ObjectNotFound({ title, back }: { title: string; back: { to: string; label: string } }) {
  return (
    <Result
      status="404"
      title={title}
      subTitle="Такой записи нет, или она принадлежит другой организации"
      data-testid="object-not-found"
      extra={
        <Link to={back.to}>
          <Button type="primary">{back.label}</Button>
        </Link>
      }
    />
  );
}

export const isNotFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;

/** A route's id as a positive integer, or null: «abc» or «-1» in the address is a missing object, not a request. */
export const routeId = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};
