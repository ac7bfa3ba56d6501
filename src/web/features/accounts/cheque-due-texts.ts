import { textsOf } from '../../lib/i18n';

// The words of the dashboard's cheques due (cheques-due.tsx), apart from the cheques' other texts:
// the dashboard shows them on every first visit, the rest only with the cheques' screens.
export const chequeDueTexts = textsOf(
  {
    chequesDueWeek: 'Cheques due this week',
    chequesDueNone: 'No cheques due this week.',
    chequeReceived: 'Received',
    chequeIssued: 'Issued',
  },
  {
    chequesDueWeek: 'এই সপ্তাহের চেক',
    chequesDueNone: 'এই সপ্তাহে কোনো চেকের তারিখ নেই।',
    chequeReceived: 'পাওয়া',
    chequeIssued: 'দেওয়া',
  },
);
