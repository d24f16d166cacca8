/**
 * The physical floor of a lead submission: a bare `node:http` server that parses the JSON body and
 * does the same single-row insert through a `pg` pool (same size as the app's default pool), with
 * no framework, validation, session, logging or idempotency record. Run as a separate process, like
 * the app, by bench/leads.ts.
 *
 * MODE=full: the same bare server doing all the work the app must do for a contact submission (decision 016:
 * idempotency record, upsert of the contact by email, a "Demande de contact" note) in ONE statement
 * (data-modifying CTEs, atomic without BEGIN/COMMIT): the floor for the app's own work, which tells
 * how much of the gap to the baseline is the required database work and how much the stack around it.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const INSERT = `insert into leads (first_name, last_name, email, phone, company, message, type, source)
  values ($1, $2, $3, $4, $5, $6, $7, 'form') returning id`;

const FULL = `
with key as (
  insert into idempotency_keys (key, request_hash)
  select $1::text, md5($9::text) where $1::text is not null
  on conflict (key) do nothing
  returning key
),
lead as (
  insert into leads (first_name, last_name, email, phone, company, message, type, source, status)
  select $2, $3, $4, $5, $6, $7, $8, 'form', 'new'
  where $1::text is null or exists (select 1 from key)
  on conflict (lower(email)) do update set
    first_name = excluded.first_name,
    last_name = coalesce(excluded.last_name, leads.last_name),
    phone = coalesce(excluded.phone, leads.phone),
    company = coalesce(excluded.company, leads.company),
    message = coalesce(excluded.message, leads.message),
    updated_at = now()
  returning id, (xmax = 0) as created
),
note as (
  insert into activities (lead_id, type, status, title, description, completed_at)
  select id, 'note', 'completed', 'Demande de contact', $7, now() from lead
)
select id, created from lead`;
const full = process.env.MODE === 'full';
const prepared = process.env.PREPARED === '1';

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
    const values = [lead.firstName, lead.lastName, lead.email, lead.phone, lead.company, lead.message, lead.type ?? 'contact'];
    const key = request.headers['idempotency-key'];
    const fullValues = [typeof key === 'string' ? `leads:${key}` : null, ...values, Buffer.concat(chunks).toString('utf8')];
    // PREPARED=1: a named statement, parsed and planned once per connection instead of on every request.
    const query = full ? pool.query(prepared ? { name: 'submit-contact', text: FULL, values: fullValues } : { text: FULL, values: fullValues }) : pool.query(INSERT, values);
    query
      .then((result) => {
        const body = JSON.stringify({ id: result.rows[0]?.id ?? 0, registration: null, outcome: null, notice: null });
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
