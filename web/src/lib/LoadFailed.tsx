import { Button, Empty } from 'antd';

/**
 * What a list shows when its request failed: never the empty list's «…пока нет», which reads as «there
 * is nothing» once the error notice has faded; the user can ask again without reloading the page.
 */
export function LoadFailed({ retry, what = 'Не удалось загрузить' }: { retry: () => unknown; what?: string }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={what} data-testid="load-failed">
      <Button onClick={() => void retry()}>Повторить</Button>
    </Empty>
  );
}
