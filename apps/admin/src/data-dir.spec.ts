import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '@delivery/testing';
import { chooseDataDir } from './data-dir';

describe('the data the admin CLI works on', () => {
  const dir = tempDataDir('admin-data-dir-');
  afterAll(() => dir.remove());
  const running = (shapeDir: string, shape: string, pid = process.pid) => {
    mkdirSync(join(dir.path, shapeDir), { recursive: true });
    const outbound = { allowHttp: false, allowPrivateNetworks: false };
    writeFileSync(join(dir.path, shapeDir, 'running.json'), JSON.stringify({ pid, shape, startedAt: new Date().toISOString(), outbound }));
  };

  it('is DATA_DIR when set, else ./data while nothing runs', () => {
    expect(chooseDataDir({ DATA_DIR: '/srv/data' }, dir.path)).toEqual({ dataDir: '/srv/data', running: null, note: null, refused: null });
    expect(chooseDataDir({}, dir.path)).toEqual({ dataDir: './data', running: null, note: null, refused: null });
  });

  it("is the running distributed shape's, said on stderr; a file left by a process gone counts for nothing", () => {
    running('data', 'standalone', 2 ** 22 + 12345);
    running('data-distributed', 'distributed');
    expect(chooseDataDir({}, dir.path)).toEqual({
      dataDir: './data-distributed',
      running: expect.objectContaining({ shape: 'distributed', pid: process.pid }),
      note: 'admin: working on ./data-distributed, where the distributed shape runs (DATA_DIR chooses)',
      refused: null,
    });
  });

  it('asks for DATA_DIR while both shapes run', () => {
    running('data', 'standalone');
    expect(chooseDataDir({}, dir.path).refused?.message).toBe(
      'systems are running on ./data and ./data-distributed: set DATA_DIR to the one to work on',
    );
  });
});
