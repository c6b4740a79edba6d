/**
 * The baseline: an express 5 app that answers a JSON body with itself, in its own process,
 * with the same body limit as the gateway, on 127.0.0.1:PORT.
 */
import express from 'express';

const app = express();
app.use(express.json({ limit: '1mb' }));
app.post('/echo', (req, res) => {
  res.json(req.body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
