import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { MAIN_TABS } from '@proc/contract';
import { useSession } from '../../lib/session';
import { useCompanyOptions } from '../companies';
import { useSelectedCompany } from '../../lib/session';
import { companyTitle } from '../../lib/format';
import { Dashboard } from '../dashboard';

const DESCRIPTIONS: Record<string, string> = {
  '/procurementsRules': 'Положения о закупке, их редакции и правила формирования документов',
  '/eisPlans': 'Планы закупки из ЕИС и их позиции',
  '/documents': 'Закупки заказчика, документация и сроки',
  '/contracts/register': 'Договоры, УПД, платежи, отчёты и сведения в ЕИС',
};

export default function HomePage() {
  const session = useSession()!;
  const selected = useSelectedCompany();
  const { options } = useCompanyOptions();
  const company = options.find((c) => c.id === selected) ?? session.company;
  return (
    <div>
      <Typography.Title level={3} data-testid="greeting">
        Здравствуйте, {session.user.title}!
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="acting-company">
        Заказчик: {companyTitle(company)}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {MAIN_TABS.map((t) => (
          <Col xs={24} md={12} xl={6} key={t.path}>
            <Link to={t.path}>
              <Card hoverable title={t.label}>
                {DESCRIPTIONS[t.path]}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Dashboard />
    </div>
  );
}
