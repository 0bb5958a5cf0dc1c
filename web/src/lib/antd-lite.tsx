import { useContext, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { InternalTypography } from 'antd/es/typography/Typography';
import useAppStyle from 'antd/es/app/style';
import useCardStyle from 'antd/es/card/style';
import useFormStyle from 'antd/es/form/style';
import { useColStyle, useRowStyle } from 'antd/es/grid/style';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';

/*
 * The markup and styles of a few antd components without their extras, for the pages a signed-out user sees (/login
 * weighs in at ≤ 200 KB of JS gzip). antd's <App> brings the modal, message and notification hooks, <Card> brings Tabs
 * (with Dropdown and Menu) and Skeleton, Typography.Text/Title bring the editable, copyable and ellipsis machinery,
 * <Form> its store, the async validator, Row/Col and the label's Tooltip (with Trigger and its popup machinery).
 * These render the same elements with the same classes (so the same CSS) as antd 6 does for the props used here.
 */

const usePrefixCls = (suffix: string) => useContext(ConfigProvider.ConfigContext).getPrefixCls(suffix);

/** antd's <App> wrapper: the base font and colour for what is inside; the signed-in shell adds the real <App>. */
export function AppFrame({ children }: { children: ReactNode }) {
  const prefixCls = usePrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={`${hashId} ${prefixCls} ${cssVarCls}`}>{children}</div>;
}

/** A bordered antd <Card> with a body only. */
export function PlainCard({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const prefixCls = usePrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  return (
    <div className={`${prefixCls} ${prefixCls}-bordered ${hashId} ${cssVarCls}`} style={style}>
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}

/** Typography.Text type="secondary". */
export function SecondaryText({ children }: { children: ReactNode }) {
  const prefixCls = usePrefixCls('typography');
  return (
    <InternalTypography component="span" prefixCls={prefixCls} className={`${prefixCls}-secondary`}>
      {children}
    </InternalTypography>
  );
}

/** Typography.Title level={3}. */
export function Title3({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const prefixCls = usePrefixCls('typography');
  return (
    <InternalTypography component="h3" prefixCls={prefixCls} style={style}>
      {children}
    </InternalTypography>
  );
}

/** A vertical antd <Form>: the form element with antd's form styles, for LiteFormItem fields. */
export function LiteForm({ onSubmit, children }: { onSubmit: (e: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const prefixCls = usePrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  return (
    <form className={`${prefixCls} ${prefixCls}-vertical ${cssVarCls} ${rootCls} ${hashId}`} onSubmit={onSubmit} noValidate>
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
  const rowCls = usePrefixCls('row');
  const colCls = usePrefixCls('col');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  const [rowHash, rowVar] = useRowStyle(rowCls);
  const [colHash, colVar] = useColStyle(colCls);
  const item = `${prefixCls}-item`;
  const col = `${colCls} ${colHash} ${colVar}`;
  return (
    <div className={`${item} ${cssVarCls} ${rootCls} ${hashId} ${item}-vertical${error ? ` ${item}-with-help ${item}-has-error` : ''}`}>
      <div className={`${rowCls} ${item}-row ${rowHash} ${rowVar}`}>
        <div className={`${col} ${item}-label`}>
          <label htmlFor={id} className={required ? `${item}-required` : undefined} title={label}>
            {label}
          </label>
        </div>
        <div className={`${col} ${item}-control`}>
          <div className={`${item}-control-input`}>
            <div className={`${item}-control-input-content`}>{children}</div>
          </div>
          {error && (
            // antd keeps the item's height with its help shown: the help takes the item's bottom margin (24 px)
            <div className={`${item}-additional`} style={{ minHeight: ITEM_MARGIN }}>
              <div id={`${id}_help`} className={`${item}-explain ${item}-explain-connected ${cssVarCls} ${rootCls} ${hashId}`}>
                <div className={`${item}-explain-error`}>{error}</div>
              </div>
            </div>
          )}
        </div>
      </div>
      {error && <div className={`${item}-margin-offset`} style={{ marginBottom: -ITEM_MARGIN }} />}
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
