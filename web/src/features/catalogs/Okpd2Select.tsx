import type { OkeiUnit, Okpd2Node } from '@proc/contract';
import { OptionsSelect, type OptionsSelectProps } from './OptionsSelect';

type Props<T> = Omit<OptionsSelectProps<T>, 'path' | 'requestName'>;

/** ОКПД2 position: search by code ('17.12', '1712') or by words ('бумага'); value is the code. */
export function Okpd2Select({ leafOnly, query, ...rest }: Props<Okpd2Node> & { leafOnly?: boolean }) {
  return (
    <OptionsSelect<Okpd2Node>
      path="/classifiers/okpd2/options"
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
      path="/classifiers/okei/options"
      requestName="Классификатор ОКЕИ"
      placeholder="Код, наименование или обозначение"
      allowClear
      {...props}
    />
  );
}
