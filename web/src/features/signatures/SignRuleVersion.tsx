import { useState } from 'react';
import { Button, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { SignatureResponse } from '@proc/contract';
import { api } from '../../lib/api';
import { noticeStore } from '../../lib/notices';
import { runtimeConfig } from '../../lib/runtime-config';
import { sessionStore, useSelectedCompany } from '../../lib/session';
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
      // the exact bytes the server keeps, fetched as the download does
      const session = sessionStore.get();
      const acting = sessionStore.actingCompanyId();
      const res = await fetch(`${runtimeConfig().apiUrl}/procurement_rules/${ruleId}/versions/${versionId}/approval_document`, {
        headers: {
          ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
          ...(acting ? { 'X-Company-Id': String(acting) } : {}),
        },
      });
      if (!res.ok) throw new Error('Документ об утверждении не получен');
      const signature = await sign(new Uint8Array(await res.arrayBuffer()));
      if (!signature) return;
      const s = await api.post<SignatureResponse>(`/procurement_rules/${ruleId}/versions/${versionId}/signature`, {
        name: 'Подпись положения',
        body: { signature },
      });
      noticeStore.show({
        kind: 'success',
        header: 'Подпись',
        message: `Документ подписан: ${[s.certificate?.surname, s.certificate?.givenName].filter(Boolean).join(' ')}, сертификат № ${s.certificate?.serial}`,
      });
      void qc.invalidateQueries({ queryKey: ['signatures', company] });
    } catch (e) {
      if (!(e instanceof Error) || e.message === 'Документ об утверждении не получен')
        noticeStore.show({ kind: 'error', header: 'Подпись', message: (e as Error).message });
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
