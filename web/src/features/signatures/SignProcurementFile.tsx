import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ProcurementFileResponse } from '@proc/contract';
import { signaturesApi } from './api';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { SignedBy } from './SignedBy';
import { useSigner } from './useSigner';

/**
 * A procurement document's signature: who signed its current version («Подписано: …»), or that an earlier version was
 * signed and the file has changed since — the signature belongs to the bytes signed, so a new version is unsigned — and
 * «Подписать» for someone with «право подписи». The signed bytes are the current version's, downloaded as stored.
 */
export function SignProcurementFile({ procurementId, file }: { procurementId: number; file: ProcurementFileResponse }) {
  const { sign, picker, maySign } = useSigner();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const current = file.versions.find((v) => v.id === file.version_id);
  const earlier = file.versions.find((v) => v.signed && v.id !== file.version_id);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const bytes = await signaturesApi.procurementFileBytes(procurementId, file.id, file.version);
      const signature = await sign(bytes);
      if (!signature) return;
      const s = await signaturesApi.signProcurementFile(procurementId, file.id, signature, file.version);
      const c = s.certificate;
      noticeStore.show({
        kind: 'success',
        header: 'Подпись',
        message: `«${file.name}», версия ${s.version}, подписан: ${[c?.surname, c?.givenName].filter(Boolean).join(' ') || c?.commonName}, сертификат № ${c?.serial}`,
      });
    } catch {
      // the API client has shown the server's reason
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: ['signatures', company] });
      void qc.invalidateQueries({ queryKey: ['procurement-files', company, procurementId] });
    }
  };
  return (
    <Space direction="vertical" size={2} data-testid={`file-signature-${file.id}`}>
      {current?.signed || !earlier ? (
        <SignedBy kind="documentation" id={file.version_id} />
      ) : (
        <Tag color="orange">{`Подписана версия ${earlier.version}; файл изменён — версия ${file.version} не подписана`}</Tag>
      )}
      {maySign && !current?.signed && (
        <Button
          size="small"
          type="link"
          icon={<SafetyCertificateOutlined />}
          style={{ padding: 0 }}
          loading={busy}
          onClick={() => void run()}
          data-testid={`file-sign-${file.id}`}
        >
          Подписать
        </Button>
      )}
      {picker}
    </Space>
  );
}
