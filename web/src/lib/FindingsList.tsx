/** Findings, violations or warnings the server gave as sentences, one per line, inside an Alert or a dialog. */
export function FindingsList({ items, testId }: { items: string[]; testId?: string }) {
  return (
    <ul style={{ paddingLeft: 18, margin: 0 }} data-testid={testId}>
      {items.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}
