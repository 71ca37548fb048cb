/**
 * The webhook receiver of the ingest benchmark (BENCH_WEBHOOK=1): answers 200 to every POST and
 * counts them; GET /count tells how many arrived. Its own process, on 127.0.0.1.
 */
import { createServer } from 'node:http';

let received = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
    return;
  }
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200).end();
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
