import { App as AntApp, Input, type ButtonProps } from 'antd';

/**
 * Asks why something is withdrawn (a УПД, a payment link, an execution record): the reason goes to the audit trail.
 * Resolves with the reason, or null when the user lets it go.
 */
export function useReasonPrompt() {
  const { modal } = AntApp.useApp();
  return (title: string, okText: string): Promise<string | null> =>
    new Promise((resolve) => {
      let reason = '';
      // OK stays disabled until there is a reason: the server refuses a withdrawal without one
      const m = modal.confirm({
        title,
        width: 520,
        content: (
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={500}
            aria-label="Причина"
            placeholder="Причина (попадёт в журнал аудита)"
            onChange={(e) => {
              reason = e.target.value;
              m.update({ okButtonProps: { disabled: reason.trim().length < 3, 'data-testid': 'withdraw-ok' } as ButtonProps });
            }}
            data-testid="withdraw-reason"
          />
        ),
        okText,
        okButtonProps: { disabled: true, 'data-testid': 'withdraw-ok' } as ButtonProps,
        cancelText: 'Отмена',
        onOk: () => resolve(reason.trim()),
        onCancel: () => resolve(null),
      });
    });
}
