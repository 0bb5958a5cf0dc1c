import { ObjectNotFound } from '../../lib/ObjectNotFound';

/** A rule's versions or a version's document rules, missing or another company's. */
export function RuleNotFound({ version }: { version?: boolean }) {
  return (
    <ObjectNotFound
      title={version ? 'Редакция положения не найдена' : 'Положение о закупке не найдено'}
      back={{ to: '/procurementsRules', label: 'К положениям о закупке' }}
    />
  );
}
