import type { OkeiUnit, Okpd2Node } from '@proc/contract';
import { routes } from '@proc/contract/routes';
import { OptionsSelect, type OptionsSelectProps } from './OptionsSelect';

type Props<T> = Omit<OptionsSelectProps<T>, 'route' | 'requestName'>;

/** ОКПД2 position: search by code ('17.12', '1712') or by words ('бумага'); value is the code. */
export function Okpd2Select({ leafOnly, query, ...rest }: Props<Okpd2Node> & { leafOnly?: boolean }) {
  return (
    <OptionsSelect<Okpd2Node>
      route={routes.catalogs.getClassifiersOkpd2Options}
      requestName="Классификатор ОКПД2"
      placeholder="Код или слова наименования"
      allowClear
      query={{ ...query, leaf_only: leafOnly ? 'true' : undefined }}
      {...rest}
    />
  );
}

/** Unit of measure by ОКЕИ; value is the code. */
export function OkeiSelect(props: Props<OkeiUnit>) {
  return (
    <OptionsSelect<OkeiUnit>
      route={routes.catalogs.getClassifiersOkeiOptions}
      requestName="Классификатор ОКЕИ"
      placeholder="Код, наименование или обозначение"
      allowClear
      {...props}
    />
  );
}
