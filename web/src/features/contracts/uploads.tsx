import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadProps } from 'antd';
import { noticeStore } from '../../lib/notices';
import { contractsApi } from './api';

type Request = NonNullable<UploadProps['customRequest']>;

/**
 * A file goes up as FormData through the one API client; the server answers at once with the job key, under which a
 * pending notice waits until the global realtime handler replaces it with the spec's success or error text.
 */
function uploadRequest(send: (file: File) => Promise<{ key: string }>, header: string): Request {
  return ({ file, onSuccess, onError }) => {
    const f = file as File;
    send(f)
      .then((r) => {
        noticeStore.show({ key: r.key, kind: 'pending', header, message: `Файл «${f.name}» обрабатывается` });
        onSuccess?.(r);
      })
      .catch((e: Error) => onError?.(e));
  };
}

export function UpdUploadButton({ contractId }: { contractId: number }) {
  return (
    <Upload accept=".xml" showUploadList={false} customRequest={uploadRequest((f) => contractsApi.uploadUpd(contractId, f), 'УПД')}>
      <Button type="primary" icon={<UploadOutlined />} data-testid="upd-upload">
        Загрузить УПД
      </Button>
    </Upload>
  );
}

export function StatementUploadButton() {
  return (
    <Upload accept=".txt" showUploadList={false} customRequest={uploadRequest(contractsApi.importPayments, 'Платежное поручение')}>
      <Button type="primary" icon={<UploadOutlined />} data-testid="statement-upload">
        Загрузить выписку 1С
      </Button>
    </Upload>
  );
}
