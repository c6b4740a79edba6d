import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, Metrics } from '@delivery/observability';
import { PATHS } from '../routes/paths';
import { registerHome } from '../routes/home.route';
import { requestLog } from './request-log';

describe('the request log', () => {
  it('names static files by their directory with their path, keeps successful task-list polls at debug, and a page at /', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger('test', { write: (line: string) => void lines.push(JSON.parse(line)) }, 'info');
    const app = express();
    app.use(requestLog({ log, metrics: new Metrics() }));
    registerHome(app);
    app.get(PATHS.fleetTasks, (req, res) => void res.status(req.query.fail ? 401 : 200).json({ tasks: [] }));
    const assets = mkdtempSync(join(tmpdir(), 'assets-'));
    writeFileSync(join(assets, 'app.js'), 'void 0;');
    app.use('/console/assets', express.static(assets));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await home.text();
      for (const path of [PATHS.consolePage, PATHS.apiDocs, PATHS.health]) expect(page).toContain(`href="${path}"`);
      const icon = await fetch(`${base}/favicon.ico`);
      expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
      await (await fetch(`${base}/console/assets/app.js`)).text();
      await (await fetch(`${base}/fleet/v1/tasks`)).text();
      await (await fetch(`${base}/fleet/v1/tasks?fail=1`)).text();
      await (await fetch(`${base}/nowhere?x=1`)).text();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      server.close();
    }
    const requests = lines
      .filter((line) => line.msg === 'request')
      .map(({ method, route, path, status }) => ({ method, route, path, status }));
    expect(requests).toEqual([
      { method: 'GET', route: '/', path: undefined, status: 200 },
      { method: 'GET', route: '/favicon.ico', path: undefined, status: 200 },
      { method: 'GET', route: '/console/assets/*', path: '/console/assets/app.js', status: 200 },
      // The successful poll went at debug, under the level; the refused one is told.
      { method: 'GET', route: PATHS.fleetTasks, path: undefined, status: 401 },
      { method: 'GET', route: 'unmatched', path: '/nowhere', status: 404 },
    ]);
  });
});
