import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { backgroundStore, useBackgroundEvents } from '../lib/notices';
import { formatDateTime } from '../lib/format';

/**
 * What happened in the background: results of jobs this tab did not start — the demo's seeding, a
 * nightly sync, another tab's upload — wait here with a count instead of covering the screen as notices.
 */
export function BackgroundEvents() {
  const { list, unseen } = useBackgroundEvents();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="События в фоне"
      onOpenChange={(open) => open && backgroundStore.seen()}
      content={
        <div style={{ width: 420, maxHeight: 420, overflowY: 'auto' }} data-testid="background-events-list">
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Событий нет" />
          ) : (
            <List
              size="small"
              dataSource={list}
              renderItem={(e) => (
                <List.Item key={e.key}>
                  <div>
                    <Typography.Text strong type={e.kind === 'error' ? 'danger' : undefined}>
                      {e.header}
                    </Typography.Text>
                    {e.message && <div style={{ whiteSpace: 'pre-line' }}>{e.message}</div>}
                    <Typography.Text type="secondary">{formatDateTime(e.date.toISOString())}</Typography.Text>
                  </div>
                </List.Item>
              )}
            />
          )}
        </div>
      }
    >
      <Badge count={unseen} size="small">
        <Button icon={<BellOutlined />} aria-label="События в фоне" data-testid="background-events" />
      </Badge>
    </Popover>
  );
}
