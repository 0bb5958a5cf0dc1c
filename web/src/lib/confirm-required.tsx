import { App as AntApp } from 'antd';
import { ApiError } from './api';
import { FindingsList } from './FindingsList';

/**
 * The server's CONFIRM_REQUIRED answer (409): it says what does not fit; the user reads it and either repeats the
 * action with the confirmation or lets it go. Returns a handler that says whether the error was such a question.
 */
export function useConfirmRequired() {
  const { modal } = AntApp.useApp();
  return (err: unknown, title: string, okText: string, repeat: () => void): boolean => {
    if (!(err instanceof ApiError) || err.body?.code !== 'CONFIRM_REQUIRED') return false;
    const items = err.body.fields?.warnings;
    modal.confirm({
      title,
      width: 560,
      content: items?.length ? <FindingsList items={items} testId="confirm-findings" /> : err.body.message,
      okText,
      cancelText: 'Отмена',
      onOk: repeat,
    });
    return true;
  };
}
