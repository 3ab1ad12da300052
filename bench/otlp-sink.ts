// Where the benchmarked gateway exports its traces when tracing is on: an OTLP/HTTP endpoint
// that accepts every batch and keeps nothing, in its own process so it takes no time from
// the load generator. A deployed pod exports to a collector the same way. Prints its port.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.once('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
