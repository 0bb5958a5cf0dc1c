import { useRef } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeStore } from '../../lib/notices';
import { useConfirmRequired } from '../../lib/confirm-required';
import { eisApi, uploadSummary } from './api';
import { MayChange } from '../../lib/MayChange';

/** Manual upload of an ЕИС 223-ФЗ XML (contracts, performance records, a plan, a notice) or a ZIP of them as ЕИС gives them out; the server tells what it was. */
export function UploadEisButton({ label = 'Загрузить файл', testId = 'eis-upload' }: { label?: string; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();
  const confirmRequired = useConfirmRequired();
  const upload = useMutation({
    mutationFn: ({ file, confirm }: { file: File; confirm?: boolean }) => eisApi.upload(file, confirm),
    // another organisation's file: the server says whose; the user decides
    onError: (err, { file }) => confirmRequired(err, 'Файл другой организации', 'Загрузить', () => upload.mutate({ file, confirm: true })),
    onSuccess: (r, { file }) => {
      noticeStore.show({ kind: 'success', header: `Файл «${file.name}» загружен`, message: uploadSummary(r) });
      // the upload may add contracts, execution records or a plan: every list it touches reloads
      for (const k of ['plans', 'contracts', 'execution']) void qc.invalidateQueries({ queryKey: [k] });
    },
  });
  return (
    <MayChange>
      <>
        <input
          ref={input}
          type="file"
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          hidden
          data-testid={`${testId}-input`}
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            ev.target.value = '';
            if (file) upload.mutate({ file });
          }}
        />
        <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => input.current?.click()} data-testid={testId}>
          {label}
        </Button>
      </>
    </MayChange>
  );
}
