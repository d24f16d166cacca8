/**
 * What a `kill -9` may duplicate, measured rather than assumed (docs/emails.md, "Duplicates"): a message
 * the SMTP server accepted while its row was not yet marked `sent` when the process died. Right after
 * each kill, once the sink has read the dead process's last bytes, the messages it holds whose row is
 * still unsent are that kill's messages in flight; the retry after the job expires sends each once more.
 * Any other copy would be a real duplicate.
 */
import { expect } from 'vitest';
import { waitUntil } from '../support/smtp-sink.ts';
import type { KillableServers } from './killable-servers.ts';

/** `<email-123@host>` → 123: the outbox's Message-ID is stable per row (api/platform/mail/transport.ts). */
const emailIdOf = (messageId: string) => Number(/^<email-(\d+)@/.exec(messageId)?.[1]);

export function inFlightAtKills(faults: KillableServers, subject: string) {
  /** Per kill, the Message-IDs accepted by the sink whose row was not `sent`. */
  const kills: Set<string>[] = [];
  const ofSubject = () => faults.smtp.messages.filter((m) => m.parsed.subject === subject);
  return {
    /** Call right after `faults.kill(server)` and before the next start. */
    async record(): Promise<number> {
      await waitUntil(async () => faults.smtp.openConnections() === 0 && faults.smtp.messages.length === faults.smtp.accepted(), 30_000, 'the sink read the killed process’s last bytes');
      const received = [...new Set(ofSubject().map((m) => m.parsed.messageId!))];
      const { rows } = await faults.db.query<{ id: number }>(`select id from emails where id = any($1::int[]) and status <> 'sent'`, [received.map(emailIdOf)]);
      const unsent = new Set(rows.map((row) => row.id));
      const inFlight = new Set(received.filter((messageId) => unsent.has(emailIdOf(messageId))));
      kills.push(inFlight);
      return inFlight.size;
    },
    /** Every recipient got the message; each copy beyond the first was in flight at one of the kills, and kept its Message-ID. */
    expectOnlyInFlightDuplicates(recipients: number): { duplicates: number; inFlight: number[] } {
      const byRecipient = new Map<string, string[]>();
      for (const message of ofSubject()) for (const to of message.envelopeTo) byRecipient.set(to, [...(byRecipient.get(to) ?? []), message.parsed.messageId!]);
      expect(byRecipient.size).toBe(recipients);
      let duplicates = 0;
      for (const ids of byRecipient.values()) {
        if (ids.length === 1) continue;
        expect(new Set(ids).size).toBe(1);
        const inFlightAt = kills.filter((inFlight) => inFlight.has(ids[0]!)).length;
        expect(ids.length - 1, `${ids[0]} received ${ids.length} times, in flight at ${inFlightAt} kill(s)`).toBeLessThanOrEqual(inFlightAt);
        duplicates += ids.length - 1;
      }
      return { duplicates, inFlight: kills.map((inFlight) => inFlight.size) };
    },
  };
}
