/** The facts a webinar's e-mails carry on their row (`emails.data`), taken when the e-mail is caused. */

export interface WebinarFacts {
  id: number;
  title: string;
  description: string | null;
  datetime: string;
  duration: number;
  location: string;
  joinUrl: string | null;
  /** The webinar's calendar SEQUENCE when the facts were taken (absent on rows written before calendar updates existed). */
  sequence?: number;
}

export interface RegistrationEmailData {
  firstName: string;
  registrationId: number;
  webinar: WebinarFacts;
}

/**
 * A cancellation: the session deleted (`webinar_cancelled`) or the person's own cancellation by link
 * (`registration_cancelled`). `waitlisted`: the person was waiting, not holding a seat. `calendar`: the
 * person's calendar holds the entry (a file adding it was sent last), so a METHOD:CANCEL file goes with
 * it; absent on rows written before decision 090, which all had one.
 */
export interface CancellationEmailData extends RegistrationEmailData {
  waitlisted?: boolean;
  calendar?: boolean;
}

export function webinarFacts(row: Record<string, any>): WebinarFacts {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    datetime: new Date(row.datetime).toISOString(),
    duration: row.duration,
    location: row.location,
    joinUrl: row.joinUrl ?? null,
    sequence: Number(row.calendarSequence ?? 0),
  };
}
