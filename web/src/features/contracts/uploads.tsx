import { App as AntApp, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UploadProps } from 'antd';
import { noticeStore } from '../../lib/notices';
import { useConfirmRequired } from '../../lib/confirm-required';
import type { UpdUploadResponse } from '@proc/contract';
import { ApiError } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { contractsApi } from './api';
import { verdictText } from '../signatures';

type Request = NonNullable<UploadProps['customRequest']>;

const showProcessing = (key: string, header: string, name: string) =>
  noticeStore.show({ key, kind: 'pending', header, message: `Файл «${name}» обрабатывается` });

/**
 * A file goes up as FormData through the one API client; the server answers at once with the job key, under which a
 * pending notice waits until the global realtime handler replaces it with the spec's success or error text.
 */
function uploadRequest(send: (file: File) => Promise<{ key: string }>, header: string): Request {
  return ({ file, onSuccess, onError }) => {
    const f = file as File;
    send(f)
      .then((r) => {
        showProcessing(r.key, header, f.name);
        onSuccess?.(r);
      })
      .catch((e: Error) => onError?.(e));
  };
}

/** The supplier's signatures that came in an ЭДО archive with the УПД: each one's verdict, said at once. */
function showSignatures(r: UpdUploadResponse) {
  for (const s of r.signatures)
    noticeStore.show({ kind: s.valid ? 'success' : 'error', header: 'Подпись УПД', message: `«${s.file_name}»: ${verdictText(s)}` });
}

export function UpdUploadButton({ contractId }: { contractId: number }) {
  const confirmRequired = useConfirmRequired();
  const { modal } = AntApp.useApp();
  // one key per chosen file: a repeat of the same pick (double click, retry) gets the first upload back
  const send = (f: File, key: string, o: { confirm?: boolean; replace?: boolean } = {}): Promise<{ key: string }> =>
    contractsApi
      .uploadUpd(contractId, f, { ...o, idempotencyKey: key })
      .then((r) => (showSignatures(r), r))
      .catch((e: unknown) => {
        // the same УПД (seller, number, date) is in force: the server names it; replaced only if the user says so
        if (e instanceof ApiError && e.status === 409 && e.body?.fields?.duplicate_of) {
          modal.confirm({
            title: 'Такой УПД уже загружен',
            width: 560,
            content: e.body.message,
            okText: 'Заменить',
            cancelText: 'Отмена',
            onOk: () =>
              void send(f, key, { ...o, replace: true }).then(
                (r) => showProcessing(r.key, 'УПД', f.name),
                () => undefined,
              ),
          });
          throw new Error('ожидает подтверждения');
        }
        // what does not fit the contract: the user reads it and uploads anyway, or not
        const again = () =>
          void send(f, key, { ...o, confirm: true }).then(
            (r) => showProcessing(r.key, 'УПД', f.name),
            () => undefined,
          );
        const asked = confirmRequired(e, `УПД «${f.name}» не сходится с договором`, 'Загрузить всё равно', again);
        throw asked ? new Error('ожидает подтверждения') : e;
      });
  return (
    // an XML from the supplier, or the ЭДО operator's archive with the УПД and its signature
    <Upload accept=".xml,.zip" showUploadList={false} customRequest={uploadRequest((f) => send(f, newIdempotencyKey()), 'УПД')}>
      <Button type="primary" icon={<UploadOutlined />} data-testid="upd-upload">
        Загрузить УПД
      </Button>
    </Upload>
  );
}

export function StatementUploadButton() {
  const confirmRequired = useConfirmRequired();
  const send = (f: File, key: string, confirm = false): Promise<{ key: string }> =>
    contractsApi.importPayments(f, confirm, key).catch((e: unknown) => {
      // another organisation's account or parties: the user reads why and uploads anyway, or not
      const again = () =>
        void send(f, key, true).then(
          (r) => showProcessing(r.key, 'Платежное поручение', f.name),
          () => undefined,
        );
      const asked = confirmRequired(e, `Выписка «${f.name}» не похожа на выписку вашей организации`, 'Загрузить всё равно', again);
      throw asked ? new Error('ожидает подтверждения') : e;
    });
  return (
    <Upload accept=".txt" showUploadList={false} customRequest={uploadRequest((f) => send(f, newIdempotencyKey()), 'Платежное поручение')}>
      <Button type="primary" icon={<UploadOutlined />} data-testid="statement-upload">
        Загрузить выписку 1С
      </Button>
    </Upload>
  );
}
