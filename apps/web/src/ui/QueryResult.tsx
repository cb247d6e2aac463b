import { useLingui } from '@lingui/react/macro';
import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '../lib/errorMessages.ts';

/** A part of a screen that shows a query's data: the load error in place (red), a loader while it loads, then `children(data)`. */
export function QueryResult<T>({ query, children }: { query: { data: T | undefined; error: unknown }; children: (data: T) => ReactNode }) {
  const { i18n } = useLingui();
  if (query.error)
    return (
      <Alert color="red" variant="light">
        {errorText(i18n, query.error)}
      </Alert>
    );
  if (query.data === undefined) return <Loader size="sm" />;
  return children(query.data);
}
