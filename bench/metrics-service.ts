/**
 * The service for the metrics-overhead bench (bench/operations.ts): built in-process from the
 * sources with metrics on (`on`) or off (`off`, no registry at all) and an in-memory store; prints
 * its URL and a key.
 */
import pino from 'pino';
import { loadConfig } from '../src/app/config.js';
import { createService } from '../src/app/service.js';
import { PRODUCTS } from '../src/store/index.js';

const on = process.argv[2] === 'on';
const config = loadConfig({
  ...process.env,
  DATA_DIR: 'memory://',
  PORT: '0',
  METRICS_TOKEN: 'bench-metrics-token-0000',
});
const service = await createService(config, pino({ level: 'silent' }), {
  skipKnowledgeLoad: true,
  ...(on ? {} : { metrics: null }),
});
const { key } = await service.deps.store.keys.create({ name: 'bench', products: PRODUCTS });
const addr = await service.listen();
process.stdout.write(`key ${key}\nListening on http://127.0.0.1:${addr.port}\n`);
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
