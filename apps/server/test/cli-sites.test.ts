import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The operator's CLI for sites, run as a process on a fresh embedded database.
const cli = path.resolve(import.meta.dirname, '../bin/atrium.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-sites-'));

function atrium(...args: string[]) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://sites.example.net',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('atrium create-site', () => {
  it('prints the new site with its host names and OAuth client, and an owner invitation at its address', () => {
    const made = atrium(
      'create-site',
      '--name',
      'Studio Nord',
      '--timezone',
      'Europe/Berlin',
      '--currency',
      'EUR',
      '--host',
      'Nord.Example.com',
      '--host',
      'www.nord.example.com',
      '--owner-email',
      'owner@nord.example.com',
    );
    expect(made.status, made.stderr).toBe(0);
    const [json, invitation] = made.stdout.split(/\n(?=Owner invitation)/);
    expect(JSON.parse(json!)).toMatchObject({
      name: 'Studio Nord',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      status: 'ACTIVE',
      hosts: ['nord.example.com', 'www.nord.example.com'],
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(invitation).toMatch(
      /^Owner invitation for owner@nord\.example\.com .*\nhttps:\/\/nord\.example\.com\/dashboard\/accept-invitation\?token=\S+\n$/,
    );
  }, 120_000);

  it('refuses a missing name, a bad setting and a host another site has, with a message and no stack', () => {
    for (const [args, message] of [
      [['--host', 'x.example.com'], /--name: create-site needs --name <name>/],
      [['--name', 'Bad', '--timezone', 'Mars/Base'], /--timezone: must be an IANA time zone/],
      [
        ['--name', 'Dup', '--host', 'nord.example.com'],
        /Host nord\.example\.com already belongs to another site/,
      ],
    ] as const) {
      const refused = atrium('create-site', ...args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);
});

describe('atrium create-operator-key', () => {
  it('prints one operator key alone on stdout', () => {
    const made = atrium('create-operator-key', '--name', 'ops');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^atrop_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}\n$/);
  }, 60_000);
});
