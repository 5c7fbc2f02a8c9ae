/** The enquiry form's service choices: the value stored and the label shown. */
export const enquiryServiceOptions = [
  { value: 'tyres', label: 'Tyres' },
  { value: 'servicing', label: 'Vehicle Servicing' },
  { value: 'mot', label: 'MOT Testing' },
  { value: 'puncture-repair', label: 'Puncture Repair' },
  { value: 'wheel-alignment', label: 'Wheel Alignment' },
  { value: 'wheel-refurbishment', label: 'Wheel Refurbishment' },
  { value: 'vehicle-remapping', label: 'Vehicle Remapping/Tuning' },
  { value: 'vehicle-diagnostics', label: 'Vehicle Diagnostics' },
  { value: 'mobile-service', label: 'Mobile Service Request' },
  { value: 'other', label: 'Other (please specify)' },
] as const;

export type EnquiryServiceValue = (typeof enquiryServiceOptions)[number]['value'];

/** How an enquiry's service reads to staff: a booking's service title, or the form's label. */
export const enquiryServiceName = (enquiry: { service: string | null; serviceTitle?: string | null }) =>
  enquiry.serviceTitle ?? enquiryServiceLabel(enquiry.service);

/** The label of a stored service value; a value no longer offered reads as itself. */
export function enquiryServiceLabel(value: string | null): string | null {
  return enquiryServiceOptions.find((option) => option.value === value)?.label ?? value;
}
