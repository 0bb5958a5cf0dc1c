import { Segmented } from 'antd';
import { useNavigate } from 'react-router';

/** The plans screen's two laws: 223-ФЗ планы закупки and 44-ФЗ планы-графики (a company may have both). */
export function PlanLawTabs({ value }: { value: '223' | '44' }) {
  const navigate = useNavigate();
  return (
    <Segmented
      data-testid="plan-law-tabs"
      value={value}
      options={[
        { value: '223', label: '223-ФЗ: планы закупки' },
        { value: '44', label: '44-ФЗ: планы-графики' },
      ]}
      onChange={(v) => navigate(v === '44' ? '/eisPlans/tender' : '/eisPlans')}
      style={{ marginBottom: 12 }}
    />
  );
}
