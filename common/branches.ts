/**
 * The two branches (spec sections 2, 3 and 9). Hours are the spec's; the telephone numbers come
 * from Ofcom's drama range and the street addresses are placeholders, like the other business
 * details the spec withholds.
 */
export type OpeningHours = { weekdays: string; saturday: string; sunday: string };

export type Branch = {
  id: 'harold-hill' | 'upminster';
  name: string;
  phone: string;
  formattedPhone: string;
  address: { street: string; locality: string; postcode: string };
  hours: OpeningHours;
  /** Machine-readable hours for structured data (24-hour clock). */
  openingHoursSpecification: { days: string[]; opens: string; closes: string }[];
};

export const branches: readonly Branch[] = [
  {
    id: 'harold-hill',
    name: 'Harold Hill',
    phone: '+442079460124',
    formattedPhone: '020 7946 0124',
    address: {
      street: 'Unit 4, Example Trading Estate',
      locality: 'Harold Hill, Romford',
      postcode: 'RM3 0XX',
    },
    hours: { weekdays: '8:00am - 6:00pm', saturday: '8:00am - 4:00pm', sunday: '9:00am - 1:00pm' },
    openingHoursSpecification: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
      { days: ['Saturday'], opens: '08:00', closes: '16:00' },
      { days: ['Sunday'], opens: '09:00', closes: '13:00' },
    ],
  },
  {
    id: 'upminster',
    name: 'Upminster',
    phone: '+442079460125',
    formattedPhone: '020 7946 0125',
    address: { street: 'Unit 2, Example Business Park', locality: 'Upminster', postcode: 'RM14 0XX' },
    hours: { weekdays: '8:00am - 5:00pm', saturday: '9:00am - 2:00pm', sunday: '9:00am - 1:00pm' },
    openingHoursSpecification: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
      { days: ['Saturday'], opens: '09:00', closes: '14:00' },
      { days: ['Sunday'], opens: '09:00', closes: '13:00' },
    ],
  },
];

/** General contact hours (spec section 9). */
export const contactHours = {
  weekdays: 'Monday - Friday: 8am - 6pm',
  saturday: 'Saturday: 8am - 4pm',
  sunday: 'Sunday: Emergency callouts only',
} as const;

/** Service area (spec section 9): the page text and the structured data state it differently. */
export const serviceRadius = { miles: 30, kilometres: 50 } as const;
