/**
 * A webhook receiver for local testing: `node tools/examples/webhook-receiver.js [PORT]`
 * listens on 127.0.0.1 (PORT, default 9000), answers every POST 204 and prints one line per
 * webhook: its type, task, status and sequence. With WEBHOOK_SECRET (the endpoint's whsec_
 * secret) it verifies each signature with the Standard Webhooks library, as a receiver
 * should, and answers 401 to one that fails.
 */
'use strict';
const { createServer } = require('node:http');
const { Webhook } = require('standardwebhooks');

const port = Number(process.argv[2] ?? 9000);
const verifier = process.env.WEBHOOK_SECRET ? new Webhook(process.env.WEBHOOK_SECRET) : null;

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let payload;
    try {
      payload = verifier ? verifier.verify(body, request.headers) : JSON.parse(body);
    } catch (error) {
      console.log(`refused ${request.headers['webhook-id'] ?? '(no webhook-id)'}: ${error.message}`);
      response.writeHead(401).end();
      return;
    }
    const { type, data = {} } = payload;
    console.log(
      [type, data.task_id ?? '', data.status ?? '', `sequence ${data.sequence ?? '-'}`, verifier ? 'verified' : 'unverified'].join(' '),
    );
    response.writeHead(204).end();
  });
}).listen(port, '127.0.0.1', () => console.log(`receiving webhooks on http://127.0.0.1:${port}/hooks`));
