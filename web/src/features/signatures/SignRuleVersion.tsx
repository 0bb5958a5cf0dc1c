import { useState } from 'react';
import { Button, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { signaturesApi } from './api';
import { SignedBy } from './SignedBy';
import { useSigner } from './useSigner';

/** The approval document of an approved Положение: who signed it, and «Подписать» for someone with the right. */
export function SignRuleVersion({ ruleId, versionId }: { ruleId: number; versionId: number }) {
  const { sign, picker, maySign } = useSigner();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // the exact bytes the server keeps, fetched as the download does (a failure is shown by the API client)
      const bytes = await signaturesApi.approvalDocument(ruleId, versionId);
      const signature = await sign(bytes);
      if (!signature) return;
      const s = await signaturesApi.signRuleVersion(ruleId, versionId, signature);
      noticeStore.show({
        kind: 'success',
        header: 'Подпись',
        message: `Документ подписан: ${[s.certificate?.surname, s.certificate?.givenName].filter(Boolean).join(' ')}, сертификат № ${s.certificate?.serial}`,
      });
      void qc.invalidateQueries({ queryKey: ['signatures', company] });
    } catch (e) {
      // the API client has shown a failed request; anything else thrown is said here
      if (!(e instanceof Error)) noticeStore.show({ kind: 'error', header: 'Подпись', message: String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size={2}>
      <SignedBy kind="rule_version" id={versionId} />
      {maySign && (
        <Button
          size="small"
          type="link"
          icon={<SafetyCertificateOutlined />}
          style={{ padding: 0 }}
          loading={busy}
          onClick={() => void run()}
          data-testid={`version-sign-${versionId}`}
        >
          Подписать
        </Button>
      )}
      {picker}
    </Space>
  );
}
