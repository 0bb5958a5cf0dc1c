import { Alert } from 'antd';
import type { ProcurementResponse } from '@proc/contract';
import { OutdatedDocuments } from './OutdatedDocuments';
import { useGenerateDocuments } from './generate';
import { useCanChange } from '../../lib/MayChange';

/**
 * Why the card does not offer «Опубликовать» (the deadlines unchecked or broken, documents out of date), and the
 * out-of-date documents with one click to build them again from the purchase as it is.
 */
export function PublishReadiness({ p }: { p: ProcurementResponse }) {
  const canChange = useCanChange();
  const generate = useGenerateDocuments(p.id);
  return (
    <div style={{ marginTop: 12 }}>
      {p.publish_blockers.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="publish-blockers"
          title={p.law === '44' ? 'Разместить извещение нельзя' : 'Опубликовать нельзя'}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {p.publish_blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          }
        />
      )}
      <OutdatedDocuments
        documents={p.outdated_documents}
        editable={p.editable && canChange}
        pending={generate.isPending}
        onRegenerate={() => generate.mutate({ templates: p.outdated_documents.map((d) => d.template) })}
      />
    </div>
  );
}
