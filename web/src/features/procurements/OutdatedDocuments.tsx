import { Alert, Button } from 'antd';
import type { OutdatedDocument } from '@proc/contract';

/**
 * The generated documents whose purchase facts changed since: each says what changed («Устарел: НМЦД изменилась с … на
 * …»), and one click builds them again from the purchase as it is. Shown on the card and on the documentation screen.
 */
export function OutdatedDocuments({
  documents,
  onRegenerate,
  pending,
  editable,
}: {
  documents: OutdatedDocument[];
  onRegenerate: () => void;
  pending: boolean;
  editable: boolean;
}) {
  if (!documents.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="outdated-documents"
      title="Документы устарели: сведения закупки изменились после их формирования"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {documents.map((d) => (
            <li key={d.file_id}>
              «{d.title}» — Устарел: {d.reasons.join('; ')}
            </li>
          ))}
        </ul>
      }
      action={
        editable && (
          <Button type="primary" size="small" loading={pending} onClick={onRegenerate}>
            Сформировать заново
          </Button>
        )
      }
    />
  );
}
