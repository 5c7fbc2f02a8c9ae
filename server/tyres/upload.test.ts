import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeLeftoverUploads } from './upload.ts';

let root: string | undefined;

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('price files left over', () => {
  it('are removed at start-up, but not those another running server process is receiving', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tyre-uploads-test-'));
    // A process that has ended: the server that stopped mid-import.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const folder = (name: string) => {
      fs.mkdirSync(path.join(root!, name));
      fs.writeFileSync(path.join(root!, name, 'prices.csv'), 'ean,brand\n');
      return name;
    };
    folder(`${ended}-a1b2c3`);
    folder(`${process.pid}-d4e5f6`);
    const other = folder(`${process.ppid}-g7h8i9`);
    folder('stray');
    expect(removeLeftoverUploads(root)).toBe(3);
    expect(fs.readdirSync(root)).toEqual([other]);
    expect(removeLeftoverUploads(path.join(root, 'missing'))).toBe(0);
  });
});
