/** A calendar file for one booking, as Google Calendar, Outlook and Apple Calendar import it (RFC 5545). */
export interface CalendarEntry {
  id: string;
  title: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function escape(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
}

export function buildIcs(entry: CalendarEntry): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.id}@atrium`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(entry.start)}`,
    `DTEND:${stamp(entry.end)}`,
    `SUMMARY:${escape(entry.title)}`,
    ...(entry.location ? [`LOCATION:${escape(entry.location)}`] : []),
    ...(entry.description ? [`DESCRIPTION:${escape(entry.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}

/** Offers the booking as a `.ics` download. */
export function downloadIcs(entry: CalendarEntry): void {
  const blob = new Blob([buildIcs(entry)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${entry.title.replace(/[^\w-]+/g, '-').toLowerCase() || 'booking'}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
