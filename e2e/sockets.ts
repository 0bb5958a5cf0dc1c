import type { Page } from 'playwright-core';

/**
 * The socket.io packets a page receives, over long polling and over the WebSocket, so a test can wait for the event
 * that would have caused an effect (a namespace connected, a connection refused) before asserting that the effect is
 * absent. Packets: `40/ns,{…}` a namespace connected, `44/ns,{"message":…}` its connection refused (socket.io
 * protocol v5; several packets in one polling answer are separated by U+001E).
 */
export interface SocketWatch {
  /** A position in the packets received so far: waits can ask for packets after it. */
  mark(): number;
  connected(namespace: string, after?: number): Promise<void>;
  refused(namespace: string, after?: number): Promise<string>;
  /** The refusals received so far, as `namespace: message`. */
  refusals(): string[];
}

export function watchSockets(page: Page): SocketWatch {
  const packets: string[] = [];
  const waiters: Array<{ from: number; test: (p: string) => boolean; resolve: (p: string) => void }> = [];
  const take = (payload: string) => {
    for (const p of payload.split('\x1e')) {
      packets.push(p);
      for (const w of [...waiters]) {
        if (w.test(p)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(p);
        }
      }
    }
  };
  page.on('response', (r) => {
    if (r.url().includes('/socket.io/') && r.request().method() === 'GET') r.text().then(take, () => undefined);
  });
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) ws.on('framereceived', (f) => typeof f.payload === 'string' && take(f.payload));
  });
  const until = (from: number, test: (p: string) => boolean) => {
    const seen = packets.slice(from).find(test);
    return seen !== undefined ? Promise.resolve(seen) : new Promise<string>((resolve) => waiters.push({ from, test, resolve }));
  };
  return {
    mark: () => packets.length,
    connected: async (ns, after = 0) => void (await until(after, (p) => p.startsWith(`40${ns},`))),
    refused: (ns, after = 0) => until(after, (p) => p.startsWith(`44${ns},`)),
    refusals: () => packets.filter((p) => p.startsWith('44')),
  };
}
