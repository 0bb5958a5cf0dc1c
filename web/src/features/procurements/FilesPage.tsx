import { Button, Popconfirm, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  DOCUMENT_KIND_TITLES,
  FINAL_PROCUREMENT_STATUSES,
  UPLOAD_EXTENSIONS,
  type ProcurementFileResponse,
  type ProcurementResponse,
} from '@proc/contract';
import { formatDateTime, formatSize } from '../../lib/format';
import { noticeStore } from '../../lib/notices';
import { useSelectedCompany } from '../../lib/session';
import { procurementsApi } from './api';
import { SignProcurementFile } from '../signatures';
import { isNotFound, routeId } from '../../lib/ObjectNotFound';
import { ProcurementNotFound } from './ProcurementNotFound';
import { listLocale } from '../../lib/paged-table';
import { MayChange, useCanChange } from '../../lib/MayChange';

const ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export default function FilesPage() {
  const id = routeId(useParams().id);
  const company = useSelectedCompany();
  const card = useQuery({ queryKey: ['procurement', company, id], queryFn: () => procurementsApi.get(id!), enabled: id !== null });
  // asked for beside the card, not after it; the list below reads the same cache entry
  const files = useQuery({ queryKey: ['procurement-files', company, id], queryFn: () => procurementsApi.files(id!), enabled: id !== null });
  if (id === null || isNotFound(card.error) || isNotFound(files.error)) return <ProcurementNotFound />;
  // another failure was shown as a notice by the API client
  if (!card.data) return card.isError ? null : <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <Files id={id} card={card.data} />;
}

/** The files of a procurement that exists: a missing one is one page, not an empty list with «Загрузить файл». */
function Files({ id, card }: { id: number; card: ProcurementResponse }) {
  const canChange = useCanChange();
  const company = useSelectedCompany();
  const qc = useQueryClient();
  const key = ['procurement-files', company, id];
  const files = useQuery({ queryKey: key, queryFn: () => procurementsApi.files(id) });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  // a finished procurement's files are its record: no replacing or deleting (the server refuses too)
  const finished = FINAL_PROCUREMENT_STATUSES.includes(card.status);
  const upload = useMutation({
    mutationFn: (file: File) => procurementsApi.upload(id, file),
    onSuccess: (f) => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Файл «${f.name}» загружен` });
      void refresh();
    },
  });
  const replace = useMutation({
    mutationFn: ({ fileId, file }: { fileId: number; file: File }) => procurementsApi.replace(id, fileId, file),
    onSuccess: (f) => {
      noticeStore.show({ kind: 'success', header: 'Успешно', message: `Загружена версия ${f.version} файла «${f.name}»` });
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: (fileId: number) => procurementsApi.removeFile(id, fileId), onSuccess: () => void refresh() });

  return (
    <>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3}>Документы закупки № {card.number}</Typography.Title>
        <Space>
          <Link to={`/documents/${id}`}>Карточка закупки</Link>
          <Link to={`/procurement_documents/${id}`}>Документация</Link>
          <MayChange>
            <Upload accept={ACCEPT} showUploadList={false} beforeUpload={(file) => (upload.mutate(file), false)}>
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                Загрузить файл
              </Button>
            </Upload>
          </MayChange>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{card.title}</Typography.Paragraph>
      <Table<ProcurementFileResponse>
        rowKey="id"
        data-testid="files-table"
        loading={files.isLoading}
        dataSource={files.data ?? []}
        pagination={false}
        locale={listLocale(files, 'Файлов пока нет: сформируйте документацию или загрузите файл')}
        expandable={{
          rowExpandable: (f) => f.versions.length > 0,
          expandedRowRender: (f) => (
            <Table
              rowKey="version"
              size="small"
              pagination={false}
              dataSource={f.versions}
              columns={[
                { title: 'Версия', dataIndex: 'version' },
                { title: 'Имя', dataIndex: 'name' },
                { title: 'Размер', dataIndex: 'size', render: (s: number) => formatSize(s) },
                { title: 'Загружена', dataIndex: 'created_at', render: (d: string) => formatDateTime(d) },
                { title: 'Кем', dataIndex: ['created_by', 'title'], render: (t?: string) => t ?? '—' },
                { title: 'Подпись', dataIndex: 'signed', render: (signed: boolean) => (signed ? <Tag color="green">подписана</Tag> : '—') },
                {
                  title: '',
                  key: 'a',
                  render: (_: unknown, v) => (
                    <Button size="small" icon={<DownloadOutlined />} onClick={() => void procurementsApi.download(id, f.id, v.version)}>
                      Скачать
                    </Button>
                  ),
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Файл', dataIndex: 'name' },
          {
            title: 'Документ',
            dataIndex: 'template',
            render: (t: ProcurementFileResponse['template'], f) => (
              <Space>
                {t ? DOCUMENT_KIND_TITLES[t] : 'Прочий документ'}
                <Tag>{f.source === 'generated' ? 'сформирован' : 'загружен'}</Tag>
              </Space>
            ),
          },
          { title: 'Версий', dataIndex: 'versions', render: (v: unknown[]) => v.length },
          { title: 'Размер', dataIndex: 'size', render: (s: number) => formatSize(s) },
          { title: 'Изменён', dataIndex: 'updated_at', render: (d: string) => formatDateTime(d) },
          { title: 'Подпись', key: 'signature', render: (_: unknown, f) => <SignProcurementFile procurementId={id} file={f} /> },
          {
            title: 'Действия',
            key: 'a',
            render: (_: unknown, f) => (
              <Space wrap>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void procurementsApi.download(id, f.id)}>
                  Скачать
                </Button>
                {!finished && canChange && (
                  <>
                    <Upload accept={ACCEPT} showUploadList={false} beforeUpload={(file) => (replace.mutate({ fileId: f.id, file }), false)}>
                      <Button size="small" icon={<SwapOutlined />}>
                        Заменить
                      </Button>
                    </Upload>
                    <Popconfirm
                      title={`Удалить файл «${f.name}» со всеми версиями?`}
                      okText="Удалить"
                      cancelText="Отмена"
                      onConfirm={() => remove.mutate(f.id)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />}>
                        Удалить
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
