import { branchServiceTitles } from '#common/bookings/branch-services.ts';
import { branchServices, type BranchService } from '#common/bookings/settings.ts';
import { weekdayNames, type Weekday } from '#common/site-content/site-content.ts';
import { textKindLabels, textKinds } from '#common/messages/texts.ts';
import type { Path } from '#app/components/editor/draft.ts';

/** Labels of the settings' fields, by their path with positions written as `#`. */
const labels: Record<string, string> = {
  'booking.horizonDays': 'How far ahead customers can book',
  'booking.noticeHours': 'Shortest notice',
  'booking.locations': 'Where customers can book',
  'booking.locations.#.key': 'Branch',
  'booking.locations.#.enabled': 'Online booking',
  'booking.locations.#.services': 'MOT testing and servicing',
  ...Object.fromEntries(
    branchServices.map((service) => [
      `booking.locations.#.services.${service}.enabled`,
      `Online booking of ${branchServiceTitles[service]}`,
    ]),
  ),
  'booking.closedDates': 'Closed dates',
  'booking.closedDates.#.date': 'Date',
  'booking.closedDates.#.location': 'Where',
  'booking.closedDates.#.note': 'Note for staff (optional)',
  'booking.openBankHolidays': 'Bank holidays',
  'booking.openBankHolidays.#': 'Bank holiday',
  'invoicing.address': 'Postal address on invoices',
  'invoicing.address.#': 'Address line',
  'invoicing.vatNumber': 'VAT registration number',
  'invoicing.vatRatePercent': 'VAT rate',
  'invoicing.reductionLimitPercent': 'Hold price cuts of more than',
  'reminders.motFirstDays': 'First MOT reminder',
  'reminders.motSecondDays': 'Second MOT reminder',
  'reminders.tyreWeeks': 'Tyre reminder',
  'reminders.reviewLink': 'Review link',
  'reminders.reviewTime': 'Review requests go at',
  'payments.deposit.kind': 'Deposit when customers book',
  'payments.deposit.fixedPence': 'Fixed deposit',
  'payments.deposit.percent': 'Deposit percentage',
  'payments.deposit.services': 'Services with a deposit',
  'payments.refundableHours': 'Refund the deposit when cancelled more than',
  'payments.holdMinutes': 'Hold an unpaid booking for',
  'vehicles.fillFromRegistration': 'Fill the vehicle in from the registration',
  'vehicles.motFromHistory': 'Take MOT expiry dates from the MOT history',
  'vehicles.tyreAdvisoryReminders': 'Send a tyre reminder for an MOT tyre advisory',
  ...Object.fromEntries(textKinds.map((kind) => [`messages.texts.${kind}`, textKindLabels[kind]])),
  'messages.dayBeforeTime': 'The day before’s text goes at',
  'routes.starts': 'Vans’ starts',
  'routes.starts.#.name': 'Name',
  'routes.starts.#.postcode': 'Postcode',
  'routes.starts.#.fitterId': 'Fitter',
  'routes.callOutBands': 'Call-out charges',
  'routes.callOutBands.#.upToMiles': 'Up to (miles)',
  'routes.callOutBands.#.pence': 'Charge (£)',
  'routes.averageMph': 'Average speed (mph)',
  'routes.roadFactor': 'Road factor',
  'routes.nearbyMiles': 'Nearby within (miles)',
  'routes.nearbyDiscountPence': 'Nearby discount (£)',
  'routes.onSiteMinutes': 'Time on site (minutes)',
};

/** A booking window's fields, as "Monday window 1 ends" names them. */
const windowFields: Record<string, string> = { start: 'starts', end: 'ends', places: 'jobs' };

/** Lists of single texts, whose entries are labelled with their number ("Address line 2"). */
const numberedEntries = /^invoicing\.address\.#$/;

/** The label of a settings field at a path (from the domain): "Shortest notice", "Monday window 1 ends". */
export function settingsFieldLabel(path: Path): string {
  const pattern = path.map((segment) => (typeof segment === 'number' ? '#' : segment)).join('.');
  const windows =
    /^booking\.locations\.#\.(?:services\.(\w+)\.)?week\.(\w+)(\.#(?:\.(start|end|places))?)?$/.exec(pattern);
  if (windows) {
    // A branch's MOT testing's or servicing's own windows: "MOT Testing, Monday window 1 ends".
    const service = windows[1];
    const whose = service ? `${branchServiceTitles[service as BranchService] ?? service}, ` : '';
    const day = weekdayNames[windows[2] as Weekday] ?? windows[2];
    const position = path[service ? 7 : 5];
    if (!windows[3] || typeof position !== 'number') return `${whose}${day} windows`;
    const name = `${whose}${day} window ${position + 1}`;
    return windows[4] ? `${name} ${windowFields[windows[4]]}` : name;
  }
  const label = labels[pattern] ?? pattern;
  const last = path[path.length - 1];
  return numberedEntries.test(pattern) && typeof last === 'number' ? `${label} ${last + 1}` : label;
}
