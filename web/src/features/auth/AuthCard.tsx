import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { MESSAGES } from '@proc/contract/messages';

export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f5ff', padding: 16 }}>
      <Card style={{ width, maxWidth: '100%' }}>
        <Typography.Text type="secondary">{MESSAGES.appTitle}</Typography.Text>
        <Typography.Title level={3} style={{ marginTop: 4 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
