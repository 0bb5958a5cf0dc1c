import { Layout, Space, Typography } from 'antd';
import { runtimeConfig } from '../lib/runtime-config';
import { now } from '../lib/clock';

const PARTNERS = [
  { href: 'https://zakupki.gov.ru', title: 'ЕИС в сфере закупок', short: 'ЕИС' },
  { href: 'https://minfin.gov.ru', title: 'Министерство финансов Российской Федерации', short: 'Минфин' },
  { href: 'https://www.nalog.gov.ru', title: 'Федеральная налоговая служба', short: 'ФНС' },
];

export function Footer() {
  const cfg = runtimeConfig();
  return (
    <Layout.Footer style={{ background: '#fafafa', borderTop: '1px solid #f0f0f0', padding: '16px 24px' }}>
      <Space wrap size="large" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap size="large">
          <a href="/rules-of-work.html" target="_blank" rel="noreferrer">
            Правила работы
          </a>
          {cfg.supportPhones.map((p) => (
            <a key={p} href={`tel:${p.replace(/[^+\d]/g, '')}`}>
              {p}
            </a>
          ))}
          <a href={`mailto:${cfg.supportEmail}`}>{cfg.supportEmail}</a>
        </Space>
        <Space size="middle" aria-label="Партнёры">
          {PARTNERS.map((p) => (
            <a
              key={p.href}
              href={p.href}
              target="_blank"
              rel="noreferrer"
              title={p.title}
              style={{
                display: 'inline-block',
                padding: '4px 10px',
                border: '1px solid #d9d9d9',
                borderRadius: 4,
                color: '#1677ff',
                fontWeight: 600,
              }}
            >
              {p.short}
            </a>
          ))}
        </Space>
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        © {now().getFullYear()} Система автоматизации закупок
      </Typography.Text>
    </Layout.Footer>
  );
}
