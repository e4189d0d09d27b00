import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Anthropic Messages API on loopback for the real SDK: answers with `answer` (a fixed Markdown
 * text by default), fails or hangs as the test sets it, and records the requests it got.
 */
export interface FakeAnthropic {
  url: string;
  mode: 'ok' | 'fail' | 'hang';
  answer: string;
  requests: {
    headers: IncomingMessage['headers'];
    body: { messages: { content: string }[]; system: string };
  }[];
  close(): Promise<void>;
}

export async function fakeAnthropic(): Promise<FakeAnthropic> {
  const fake = {
    mode: 'ok',
    answer: '**Open Ajna**: flexible thinking (from the fake model).',
    requests: [],
  } as unknown as FakeAnthropic;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      fake.requests.push({
        headers: req.headers,
        body: JSON.parse(raw) as FakeAnthropic['requests'][0]['body'],
      });
      if (fake.mode === 'hang') return; // never answers
      if (fake.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'boom' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'fake',
          stop_reason: 'end_turn',
          stop_sequence: null,
          content: [{ type: 'text', text: fake.answer }],
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
