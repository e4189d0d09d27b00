import pino, { type Logger } from 'pino';

/** Structured logs to stderr (stdout is for the CLI's own output). Keys and bodies are never logged. */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'chart-service' },
      redact: ['req.headers.authorization', '*.authorization', '*.key'],
    },
    pino.destination(2),
  );
}
