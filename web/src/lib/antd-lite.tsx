import { useContext, type CSSProperties, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { InternalTypography } from 'antd/es/typography/Typography';
import useAppStyle from 'antd/es/app/style';
import useCardStyle from 'antd/es/card/style';

/*
 * The markup and styles of a few antd components without their extras, for the pages a signed-out user sees (/login
 * weighs in at ≤ 200 KB of JS gzip). antd's <App> brings the modal, message and notification hooks, <Card> brings Tabs
 * (with Dropdown and Menu) and Skeleton, Typography.Text/Title bring the editable, copyable and ellipsis machinery.
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
