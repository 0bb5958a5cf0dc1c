import { Empty, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The heading of a plan's positions (223-ФЗ plan or 44-ФЗ план-график): the way back to the plans and the title. */
export function PositionsHeader({ back, backLabel, title }: { back: string; backLabel: string; title: ReactNode }) {
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={back}>
          <ArrowLeftOutlined /> {backLabel}
        </Link>
      </Space>
      <Typography.Title level={3}>{title}</Typography.Title>
    </>
  );
}

/** What an empty positions table says: nothing matches the filters, or the plan has no positions at all. */
export const positionsEmpty = (filtered: boolean, none: string) => (
  <Empty description={filtered ? 'Нет позиций по заданным условиям' : none} />
);
