/**
 * The README's "Use it on your computer" section: every JSON block is a host configuration a person
 * pastes as is, so each must parse and start `stdio` of this package. Shapes from the hosts' own
 * documentation: Claude Desktop, Cursor and Claude Code's `.mcp.json` list servers under
 * `mcpServers` with `command`, `args` and `env`; VS Code's `.vscode/mcp.json` under `servers` with
 * `type: "stdio"`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const start = README.indexOf('\n## Use it on your computer\n');
const section = README.slice(start, README.indexOf('\n## ', start + 1));
const blocks = (lang: string) =>
  [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

interface ServerEntry {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe('README: Use it on your computer', () => {
  it('exists, with a JSON configuration for each host', () => {
    expect(start).toBeGreaterThan(0);
    for (const host of ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'npx'])
      expect(section).toContain(host);
    expect(blocks('json').length).toBeGreaterThanOrEqual(5);
  });

  it.each(blocks('json').map((b, i) => [i + 1, b] as const))(
    'JSON block %i parses and starts chart-service stdio',
    (_n, text) => {
      const config = JSON.parse(text) as {
        mcpServers?: Record<string, ServerEntry>;
        servers?: Record<string, ServerEntry>;
      };
      const servers = config.mcpServers ?? config.servers;
      expect(servers, 'mcpServers or servers').toBeDefined();
      const entry = servers!['chart-service']!;
      expect(entry.args.at(-1)).toBe('stdio');
      if (entry.command === 'npx') {
        // npx runs a tarball's command only when named: --package <tarball> chart-service.
        const pkg = entry.args.indexOf('--package');
        expect(entry.args[pkg + 1]).toMatch(/chart-service-\d+\.\d+\.\d+\.tgz$/);
        expect(entry.args[pkg + 2]).toBe('chart-service');
      } else expect(entry.command).toBe('chart-service');
      if (config.servers) expect(entry.type).toBe('stdio');
      for (const value of Object.values(entry.env ?? {})) expect(typeof value).toBe('string');
    },
  );

  it('adds the server to Claude Code with one command', () => {
    expect(blocks('sh').join('\n')).toMatch(/^claude mcp add chart-service -- chart-service stdio$/m);
    expect(blocks('sh').join('\n')).toMatch(/^npm run bundle\b/m);
  });
});
