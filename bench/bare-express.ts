// The floor of the benchmark: an Express 5 app answering one JSON route, nothing else.
// Run as its own process so it gets a core the way the gateway does. Prints its port.
import express from 'express';

const app = express();
app.get('/ping', (_req, res) => {
  res.json({ pong: true });
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
