import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Debian's Chromium driven by puppeteer-core (no browser download: `.ci/run` installs the `chromium`
 * package). CHROMIUM_PATH overrides the binary; `env` adds to the browser's environment (e.g.
 * FONTCONFIG_FILE). A missing browser fails the browser tier loudly rather than skipping it.
 */
export async function launchChromium(options: { env?: Record<string, string> } = {}): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return puppeteer.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespace for the sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  });
}
