import express from 'express';

// The floor for REST throughput: express 5 + express.json and a JSON answer, nothing else.
const app = express();
app.use(express.json({ limit: '100kb' }));
app.post('/echo', (req, res) => {
  res.json({
    success: true,
    valid: true,
    input: (req.body as { birthLocation?: string }).birthLocation ?? '',
  });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number };
  process.stdout.write(`Listening on http://127.0.0.1:${addr.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
