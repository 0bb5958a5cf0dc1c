import { Alert, Button } from 'antd';

/**
 * A key of the server's list as the form's name path: `procurement.nmcd` (a fact of the purchase),
 * `draft-contract.signerName`, `draft-contract.items.0.unit` (a table's row).
 */
export const fieldPath = (key: string): (string | number)[] => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * What generation found missing, each a link that opens its document's panel, scrolls to the field and focuses it: the
 * form is a draft until then, so the list is the one place that says what is left.
 */
export function MissingFields({ fields, onGo }: { fields: Record<string, string[]>; onGo: (key: string) => void }) {
  const keys = Object.keys(fields);
  if (!keys.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="missing-fields"
      title={`Документы не сформированы: не заполнены обязательные поля (${keys.length})`}
      description={
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 320, overflowY: 'auto' }}>
          {keys.map((k) => (
            <li key={k}>
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => onGo(k)}
              >
                {fields[k].join('; ')}
              </Button>
            </li>
          ))}
        </ul>
      }
    />
  );
}
