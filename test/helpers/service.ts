import pino, { type Logger } from 'pino';
import { type Config, loadConfig } from '../../src/app/config.js';
import { createService, type Service, type ServiceOverrides } from '../../src/app/service.js';
import { PRODUCTS, type ProductName } from '../../src/store/index.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from './shared.js';

export { sharedCities, sharedEphemeris, sharedKnowledge };

export interface TestService {
  service: Service;
  url: string;
  /** A key with every product. */
  key: string;
  createKey(
    products: readonly ProductName[],
    limits?: { chartLimit?: number; sageLimit?: number },
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the real service on 127.0.0.1 and a free port, with an in-memory embedded store by default;
 * `log` for a test that reads what it logs.
 */
export async function startService(
  env: Record<string, string> = {},
  overrides: ServiceOverrides = {},
  log: Logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
): Promise<TestService> {
  const config: Config = loadConfig({ DATA_DIR: 'memory://', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const service = await createService(config, log, {
    cities: await sharedCities(),
    ephemeris: sharedEphemeris(),
    knowledge: await sharedKnowledge(),
    // Loading the knowledge chunks costs seconds of CPU; only SAGE tests ask for it.
    skipKnowledgeLoad: true,
    ...overrides,
  });
  const addr = await service.listen();
  const createKey = async (
    products: readonly ProductName[],
    limits: { chartLimit?: number; sageLimit?: number } = {},
  ) => (await service.deps.store.keys.create({ name: 'test', products, ...limits })).key;
  return {
    service,
    url: `http://127.0.0.1:${addr.port}`,
    key: await createKey(PRODUCTS),
    createKey,
    close: () => service.close(),
  };
}

export const authHeaders = (key: string): Record<string, string> => ({
  Authorization: `Bearer ${key}`,
  'Content-Type': 'application/json',
});
