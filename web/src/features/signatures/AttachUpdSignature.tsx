import { Button, Upload } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signaturesApi } from './api';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { verdictText } from './usable';

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
};

/** «Приложить подпись»: the supplier's .sig of an uploaded УПД, verified on the server against the stored file. */
export function AttachUpdSignature({ contractId, documentId }: { contractId: number; documentId: number }) {
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const attach = useMutation({
    mutationFn: async (file: File) => {
      const raw = new Uint8Array(await file.arrayBuffer());
      // a .sig may come as DER or as base64 text (with or without PEM armour): the server reads both
      const text =
        raw[0] === 0x30
          ? await base64Of(file)
          : new TextDecoder()
              .decode(raw)
              .replace(/-----[^-]+-----/g, '')
              .replace(/\s+/g, '');
      return signaturesApi.checkUpdSignature(contractId, documentId, text);
    },
    onSuccess: (r) => {
      noticeStore.show({ kind: r.valid ? 'success' : 'error', header: 'Подпись УПД', message: verdictText(r) });
      void qc.invalidateQueries({ queryKey: ['execution', company] });
      void qc.invalidateQueries({ queryKey: ['signatures', company] });
    },
  });
  return (
    <Upload accept=".sig,.sgn,.p7s" showUploadList={false} beforeUpload={(f) => (attach.mutate(f), false)}>
      <Button size="small" icon={<SafetyCertificateOutlined />} loading={attach.isPending} data-testid={`upd-signature-${documentId}`}>
        Приложить подпись
      </Button>
    </Upload>
  );
}
