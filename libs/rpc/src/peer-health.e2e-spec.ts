import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadNotesProto } from './load-protos';
import { connectTo } from './rpc-target';
import { peerReachable } from './peer-health';

/** Starts the fixture's server in a child process; its port once it printed it. */
async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'testing', 'notes-server.fixture.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^port (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, port };
}

describe('a peer as its callers report it', () => {
  it('is down while its process is paused, though its connection stays open, and up again once it resumes', async () => {
    const { child, port } = await startServer();
    const Notes = loadNotesProto().delivery.v1.Notes;
    const client = connectTo<InstanceType<typeof Notes>>({ address: `127.0.0.1:${port}` }, Notes);
    try {
      await peerReachable(client);
      child.kill('SIGSTOP');
      try {
        await expect(peerReachable(client, 500)).rejects.toThrow(/not reachable: Deadline exceeded/);
      } finally {
        child.kill('SIGCONT');
      }
      await peerReachable(client, 5_000);
    } finally {
      client.close();
      child.kill('SIGKILL');
    }
  });

  it('is down when nothing listens', async () => {
    const { child, port } = await startServer();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const Notes = loadNotesProto().delivery.v1.Notes;
    const client = connectTo<InstanceType<typeof Notes>>({ address: `127.0.0.1:${port}` }, Notes);
    try {
      await expect(peerReachable(client, 500)).rejects.toThrow(/not reachable/);
    } finally {
      client.close();
    }
  });
});
