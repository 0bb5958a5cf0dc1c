import { useContext, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';

/*
 * A few antd looks without their components, for the pages a signed-out user sees (/login weighs in at ≤ 200 KB of JS
 * gzip). antd's <App> brings the modal, message and notification hooks, <Card> brings Tabs (with Dropdown and Menu)
 * and Skeleton, Typography.Text/Title bring the editable, copyable and ellipsis machinery, <Form> its store, the async
 * validator, Row/Col and the label's Tooltip (with Trigger and its popup machinery). These draw the same thing from
 * antd's public design tokens (theme.useToken) and keep antd's class names, so the pages and tests read them alike.
 */

const usePrefixCls = (suffix: string) => useContext(ConfigProvider.ConfigContext).getPrefixCls(suffix);

/** antd's <App> wrapper: the base font and colour for what is inside; the signed-in shell adds the real <App>. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return (
    <div className={usePrefixCls('app')} style={style}>
      {children}
    </div>
  );
}

/** A bordered antd <Card> with a body only. */
export function PlainCard({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const prefixCls = usePrefixCls('card');
  const { token } = theme.useToken();
  const frame: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    ...style,
  };
  return (
    <div className={`${prefixCls} ${prefixCls}-bordered`} style={frame}>
      <div className={`${prefixCls}-body`} style={{ padding: token.paddingLG }}>
        {children}
      </div>
    </div>
  );
}

/** Typography.Text type="secondary". */
export function SecondaryText({ children }: { children: ReactNode }) {
  const prefixCls = usePrefixCls('typography');
  const { token } = theme.useToken();
  return (
    <span className={`${prefixCls} ${prefixCls}-secondary`} style={{ color: token.colorTextDescription }}>
      {children}
    </span>
  );
}

/** Typography.Title level={3}. */
export function Title3({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const prefixCls = usePrefixCls('typography');
  const { token } = theme.useToken();
  const heading: CSSProperties = {
    margin: `0 0 ${token.marginXS}px`,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: token.fontSizeHeading3,
    lineHeight: token.lineHeightHeading3,
    ...style,
  };
  return (
    <h3 className={prefixCls} style={heading}>
      {children}
    </h3>
  );
}

/** A vertical antd <Form>: the form element, for LiteFormItem fields. */
export function LiteForm({ onSubmit, children }: { onSubmit: (e: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const prefixCls = usePrefixCls('form');
  return (
    <form className={`${prefixCls} ${prefixCls}-vertical`} onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}

/** antd's form item bottom margin (the token marginLG) */
const ITEM_MARGIN = 24;

/**
 * A Form.Item of a vertical form, as lib/Field renders it: the label (with the required mark) bound to the control by
 * `id`, the control, and its error under it. The control gets `id`, `status` and the aria attributes
 * from the caller (`liteControlProps`).
 */
export function LiteFormItem({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  const prefixCls = usePrefixCls('form');
  const { token } = theme.useToken();
  const item = `${prefixCls}-item`;
  return (
    <div
      className={`${item} ${item}-vertical${error ? ` ${item}-with-help ${item}-has-error` : ''}`}
      style={{ marginBottom: error ? 0 : ITEM_MARGIN }}
    >
      <div className={`${item}-label`} style={{ paddingBottom: token.paddingXS }}>
        <label htmlFor={id} className={required ? `${item}-required` : undefined} title={label}>
          {required && (
            <span style={{ color: token.colorError, marginInlineEnd: token.marginXXS, fontFamily: 'SimSun, sans-serif' }}>*</span>
          )}
          {label}
        </label>
      </div>
      <div className={`${item}-control`}>
        {children}
        {error && (
          // antd keeps the item's height with its help shown: the help takes the item's bottom margin (24 px)
          <div id={`${id}_help`} className={`${item}-explain ${item}-explain-connected`} style={{ minHeight: ITEM_MARGIN }}>
            <div className={`${item}-explain-error`} style={{ color: token.colorError }}>
              {error}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** What Form.Item gives its control: the id the label points at, the error status and the aria attributes. */
export const liteControlProps = (id: string, error: string | undefined, required = true) => ({
  id,
  status: error ? ('error' as const) : undefined,
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}_help` : undefined,
});
