import type { CatalogKind } from '@proc/contract';
import { anyCatalogKindRoutes } from '@proc/contract/routes';
import { OptionsSelect, type OptionsSelectProps } from './OptionsSelect';

export type CatalogSelectProps<T> = Omit<OptionsSelectProps<T>, 'route' | 'requestName'> & {
  /** Catalogue kind (its routes: routes.catalogKinds); filters such as type / subject_type go to `query`. */
  kind: CatalogKind;
  requestName?: string;
};

/**
 * A catalogue element select for any form: server search and infinite scroll in steps of 10 via `{kind}/options`.
 * The value is the option's `value` (id; the code for methods and subjects). Example:
 * `<CatalogSelect kind="elements" query={{ type: 8 }} />` — funding sources.
 */
export function CatalogSelect<T = unknown>({ kind, requestName = 'Справочник', ...rest }: CatalogSelectProps<T>) {
  return <OptionsSelect<T> route={anyCatalogKindRoutes(kind).options} requestName={requestName} allowClear {...rest} />;
}
