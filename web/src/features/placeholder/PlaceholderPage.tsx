import { Result } from 'antd';

/** A route whose screen a later issue builds: it exists and says so honestly. */
export default function PlaceholderPage({ title, issue }: { title: string; issue: string }) {
  return <Result status="info" title={title} subTitle={`Раздел в разработке (задача «${issue}»).`} />;
}
