import { useState, type CSSProperties } from 'react';
import { Collapse, Empty, List, Space, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { auditActionTitle, auditEntityTitle, type AuditItem } from '@proc/contract';
import { formatDateTime } from '../../lib/format';
import { useAudit, useCanSeeAudit } from './api';
import { AuditChanges } from './AuditChanges';
import { LoadFailed } from '../../lib/LoadFailed';

const PAGE = 10;

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  delete: 'red',
  archive: 'orange',
  block: 'red',
  reject: 'red',
  status: 'blue',
  approve: 'blue',
  publish: 'cyan',
};

export interface AuditTarget {
  /** Object type, or several (a company card: the company and its contacts, requisites, …). */
  entity: string | readonly string[];
  /** The object's id; without it, every object of the types within `companyId`. */
  entityId?: number | string;
  companyId?: number;
}

/** Who, when, what and the before → after of one entry. */
export function AuditEntry({ item, showObject = false }: { item: AuditItem; showObject?: boolean }) {
  return (
    <div style={{ width: '100%' }}>
      <Space size={[8, 0]} wrap>
        <Tag color={ACTION_COLORS[item.action]}>{auditActionTitle(item.entity, item.action)}</Tag>
        <Typography.Text strong>{item.user_title ?? (item.user_id ? `Пользователь № ${item.user_id}` : 'Система')}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(item.created_at)}</Typography.Text>
        {showObject && <Typography.Text type="secondary">{`${auditEntityTitle(item.entity)} № ${item.entity_id}`}</Typography.Text>}
      </Space>
      <AuditChanges item={item} />
    </div>
  );
}

/** An object's history, newest first, page by page; renders nothing for a user who may not read the trail. */
export function AuditHistory({ entity, entityId, companyId, enabled = true }: AuditTarget & { enabled?: boolean }) {
  const [page, setPage] = useState(1);
  const staff = useCanSeeAudit();
  const kinds = typeof entity === 'string' ? [entity] : [...entity];
  const q = useAudit(
    {
      entity: kinds.join(','),
      entity_id: entityId === undefined ? undefined : String(entityId),
      company_id: companyId === undefined ? undefined : String(companyId),
    },
    page,
    PAGE,
    enabled,
  );
  if (!staff) return null;
  const total = q.data?.total ?? 0;
  return (
    <List<AuditItem>
      size="small"
      data-testid="audit-history"
      loading={q.isLoading || (q.isFetching && q.isPlaceholderData)}
      dataSource={q.data?.items ?? []}
      locale={{
        emptyText: q.isError ? (
          <LoadFailed retry={q.refetch} what="Не удалось загрузить журнал" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Изменений пока нет" />
        ),
      }}
      pagination={
        total > PAGE
          ? {
              current: page,
              pageSize: PAGE,
              total,
              size: 'small',
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (n) => `Всего: ${n}`,
            }
          : false
      }
      renderItem={(item) => (
        <List.Item key={item.id}>
          <AuditEntry item={item} showObject={kinds.length > 1 || entityId === undefined} />
        </List.Item>
      )}
    />
  );
}

/**
 * The history as a collapsed panel of a card: nothing is requested until the user opens it. Hidden from users who may
 * not read the trail (clients).
 */
export function AuditHistoryPanel(props: AuditTarget & { title?: string; style?: CSSProperties }) {
  const staff = useCanSeeAudit();
  const [open, setOpen] = useState(false);
  if (!staff) return null;
  return (
    <Collapse
      size="small"
      style={props.style}
      data-testid="audit-panel"
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[
        {
          key: 'audit',
          label: (
            <Space size={6}>
              <HistoryOutlined />
              {props.title ?? 'Журнал изменений'}
            </Space>
          ),
          children: <AuditHistory entity={props.entity} entityId={props.entityId} companyId={props.companyId} enabled={open} />,
        },
      ]}
    />
  );
}
