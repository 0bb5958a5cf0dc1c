import type { ReactNode } from 'react';
import { MESSAGES } from '@proc/contract/messages';
import { PlainCard, SecondaryText, Title3 } from '../../lib/antd-lite';

export function AuthCard({ title, children, width = 420 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f5ff', padding: 16 }}
    >
      <PlainCard style={{ width, maxWidth: '100%' }}>
        <SecondaryText>{MESSAGES.appTitle}</SecondaryText>
        <Title3 style={{ marginTop: 4 }}>{title}</Title3>
        {children}
      </PlainCard>
    </div>
  );
}
