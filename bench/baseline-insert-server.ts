/**
 * The physical floor of a lead submission: a bare `node:http` server that parses the JSON body and
 * does the same single-row insert through a `pg` pool (same size as the app's default pool), with
 * no framework, validation, session, logging or idempotency record. Run as a separate process, like
 * the app, by bench/leads.ts.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const INSERT = `insert into leads (first_name, last_name, email, phone, company, message, type, source)
  values ($1, $2, $3, $4, $5, $6, $7, 'form') returning id`;

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let lead: Record<string, string | undefined>;
    try {
      lead = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400).end();
      return;
    }
    pool
      .query(INSERT, [lead.firstName, lead.lastName, lead.email, lead.phone, lead.company, lead.message, lead.type ?? 'contact'])
      .then((result) => {
        const body = JSON.stringify({ id: result.rows[0].id, registration: null });
        response.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
      })
      .catch((error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      });
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`Baseline prête sur http://127.0.0.1:${port}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
