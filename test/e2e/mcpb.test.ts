/**
 * The Claude Desktop extension's manifest (manifest.json) under the official MCPB tool
 * (@anthropic-ai/mcpb `mcpb validate`, the manifest schema's own check), and the server started the
 * way the manifest tells a host to start it with both settings left empty. Expected behaviour from
 * the MCPB manifest format (github.com/anthropics/mcpb, MANIFEST.md: `server.mcp_config` with
 * `${__dirname}` and `${user_config.*}` substitutions, `user_config` fields with `type`, `sensitive`,
 * `required`) and issue 31 (stdio with the WebAssembly ephemeris; settings for the data directory and
 * an optional Anthropic key). scripts/pack-check.sh also builds the bundle and runs the stdio test on it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stdioEnv } from '../helpers/stdio.js';

const ROOT = join(import.meta.dirname, '../..');
const MCPB = join(ROOT, 'node_modules', '.bin', 'mcpb');
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as {
  version: string;
  server: {
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  user_config: Record<string, { type: string; required?: boolean; sensitive?: boolean }>;
};
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const scratch = mkdtempSync(join(tmpdir(), 'chart-mcpb-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const validate = (file: string) => spawnSync(MCPB, ['validate', file], { encoding: 'utf8' });

describe('manifest.json', () => {
  it('passes mcpb validate', () => {
    const r = validate(join(ROOT, 'manifest.json'));
    expect(r.status, r.stderr + r.stdout).toBe(0);
  });

  it('is refused by mcpb validate without its server section (the check can fail)', () => {
    const broken = join(scratch, 'manifest.json');
    const { server: _server, ...rest } = manifest;
    writeFileSync(broken, JSON.stringify(rest));
    expect(validate(broken).status).not.toBe(0);
  });

  it('runs this package version as `stdio` with the WebAssembly ephemeris and the two settings', () => {
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.server.entry_point).toBe('dist/src/main.js');
    expect(manifest.server.mcp_config.command).toBe('node');
    expect(manifest.server.mcp_config.args).toEqual(['${__dirname}/dist/src/main.js', 'stdio']);
    expect(manifest.server.mcp_config.env).toEqual({
      DATA_DIR: '${user_config.data_dir}',
      ANTHROPIC_API_KEY: '${user_config.anthropic_api_key}',
      EPHEMERIS: 'wasm',
    });
    expect(manifest.user_config.data_dir).toMatchObject({ type: 'directory', required: false });
    expect(manifest.user_config.anthropic_api_key).toMatchObject({
      type: 'string',
      sensitive: true,
      required: false,
    });
  });
});

describe('started as the manifest says, settings left empty', () => {
  it('treats unexpanded placeholders as unset: the store goes to the user data directory', async () => {
    // From the sources: stdio.test.ts alone builds dist/, so no two files build it at once.
    const bin = {
      command: process.execPath,
      args: ['--import', import.meta.resolve('tsx'), join(ROOT, 'src', 'main.ts')],
    };
    const xdg = join(scratch, 'xdg');
    const env = stdioEnv('${user_config.data_dir}', {
      ANTHROPIC_API_KEY: '${user_config.anthropic_api_key}',
      EPHEMERIS: 'wasm',
      XDG_DATA_HOME: xdg,
    });
    const child = spawn(bin.command, [...bin.args, 'stdio'], { env, cwd: scratch });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answer = new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (c: Buffer) => resolve(c.toString()));
      void exit.then((code) => reject(new Error(`exited ${code} before answering:\n${stderr}`)));
    });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    expect(JSON.parse((await answer).split('\n')[0]!).id).toBe(1);
    // Closing stdin once the store is open, so the store is there to look at.
    while (!/serving MCP over stdio/.test(stderr)) await new Promise((r) => setTimeout(r, 100));
    child.stdin.end();
    expect(await exit).toBe(0);
    expect(existsSync(join(xdg, 'chart-service', 'pg'))).toBe(true);
    expect(existsSync(join(scratch, '${user_config.data_dir}'))).toBe(false);
    expect(stderr).toMatch(/"sage":"extractive"/);
    expect(stderr).toMatch(/Swiss Ephemeris runs as WebAssembly/);
  });
});
