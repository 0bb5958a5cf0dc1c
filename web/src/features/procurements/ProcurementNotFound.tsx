import { ObjectNotFound } from '../../lib/ObjectNotFound';

/** Every route of one procurement (card, documentation, files) shows a missing one alike. */
export function ProcurementNotFound() {
  return <ObjectNotFound title="Закупка не найдена" back={{ to: '/documents', label: 'К реестру закупок' }} />;
}
