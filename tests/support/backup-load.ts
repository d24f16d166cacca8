/**
 * What the backup tests share (tests/api/scheduled-backup.test.ts, tests/faults/live-backup.test.ts):
 * a load of contact requests that goes on while a dump is taken, and the check that the restored
 * database holds every contact answered 201 before the dump began.
 */
import { openDatabase } from '../../api/platform/db.ts';

export interface SubmissionLoad {
  /** The contact requests answered 201, with the time of the answer. */
  accepted: Array<{ email: string; at: number }>;
  /** Every other answer, as `status text`. */
  refused: string[];
  /** Stops the load and waits for the requests in flight. */
  stop: () => Promise<void>;
  /** The addresses answered 201 before `time`. */
  acceptedBefore: (time: number) => string[];
}

/** Four clients posting contact requests (`prefix-N@example.ch`) one after the other until stopped. */
export function startSubmissionLoad(post: (body: Record<string, string>) => Promise<{ status: number; text: string }>, prefix: string): SubmissionLoad {
  const accepted: SubmissionLoad['accepted'] = [];
  const refused: string[] = [];
  let loading = true;
  let sequence = 0;
  const worker = async () => {
    while (loading) {
      const email = `${prefix}-${sequence++}@example.ch`;
      const response = await post({ firstName: 'Léa', lastName: 'Favre', email, message: 'Je souhaite en savoir plus.', type: 'contact' });
      if (response.status === 201) accepted.push({ email, at: Date.now() });
      else refused.push(`${response.status} ${response.text}`);
    }
  };
  const load = Array.from({ length: 4 }, worker);
  return {
    accepted,
    refused,
    async stop() {
      loading = false;
      await Promise.all(load);
    },
    acceptedBefore: (time) => accepted.filter((lead) => lead.at < time).map((lead) => lead.email),
  };
}

/** Of the addresses `before`, those the restored database (`prefix-…` contacts) lacks: none when the backup holds them all. */
export async function missingAfterRestore(target: { databaseUrl?: string; dataDir: string }, prefix: string, before: string[]): Promise<string[]> {
  const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const emails = new Set(await restored('leads').where('email', 'like', `${prefix}-%`).pluck('email'));
    return before.filter((email) => !emails.has(email));
  } finally {
    await restored.destroy();
  }
}
