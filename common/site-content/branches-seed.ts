import type { BranchContent } from './site-content.ts';

// Hours are the business’s; the telephone numbers come from Ofcom’s drama range and the street
// addresses are placeholders, like the other business details not yet given.

const haroldHill: BranchContent = {
  key: 'harold-hill',
  name: 'Harold Hill',
  phone: '+442079460124',
  formattedPhone: '020 7946 0124',
  address: {
    street: 'Unit 4, Example Trading Estate',
    locality: 'Harold Hill, Romford',
    postcode: 'RM3 0XX',
  },
  hours: {
    monday: {
      closed: false,
      opens: '08:00',
      closes: '18:00',
    },
    tuesday: {
      closed: false,
      opens: '08:00',
      closes: '18:00',
    },
    wednesday: {
      closed: false,
      opens: '08:00',
      closes: '18:00',
    },
    thursday: {
      closed: false,
      opens: '08:00',
      closes: '18:00',
    },
    friday: {
      closed: false,
      opens: '08:00',
      closes: '18:00',
    },
    saturday: {
      closed: false,
      opens: '08:00',
      closes: '16:00',
    },
    sunday: {
      closed: false,
      opens: '09:00',
      closes: '13:00',
    },
  },
  sundayNote: '',
};

const upminster: BranchContent = {
  key: 'upminster',
  name: 'Upminster',
  phone: '+442079460125',
  formattedPhone: '020 7946 0125',
  address: {
    street: 'Unit 2, Example Business Park',
    locality: 'Upminster',
    postcode: 'RM14 0XX',
  },
  hours: {
    monday: {
      closed: false,
      opens: '08:00',
      closes: '17:00',
    },
    tuesday: {
      closed: false,
      opens: '08:00',
      closes: '17:00',
    },
    wednesday: {
      closed: false,
      opens: '08:00',
      closes: '17:00',
    },
    thursday: {
      closed: false,
      opens: '08:00',
      closes: '17:00',
    },
    friday: {
      closed: false,
      opens: '08:00',
      closes: '17:00',
    },
    saturday: {
      closed: false,
      opens: '09:00',
      closes: '14:00',
    },
    sunday: {
      closed: false,
      opens: '09:00',
      closes: '13:00',
    },
  },
  sundayNote: '',
};

export const seedBranches = (): BranchContent[] => structuredClone([haroldHill, upminster]);
