import { memo } from 'react';
import { siteContentLimits, type SiteContent, type Testimonial } from '#common/site-content/site-content.ts';
import { ListError, NumberField, TextField, WordListField } from '#app/components/editor/fields.tsx';
import { TokensHint } from './tokens-hint.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { ContentSection } from './content-section.tsx';
import { StringListField } from './string-list-field.tsx';

/** The general contact hours of the contact section, one line per part of the week. */
export const ContactHoursSection = memo(function ContactHoursSection({
  hours,
}: {
  hours: SiteContent['contactHours'];
}) {
  return (
    <ContentSection
      id="section-contact-hours"
      lead="When customers can call, as the contact section of the home page writes it."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField path={['contactHours', 'weekdays']} value={hours.weekdays} />
        <TextField path={['contactHours', 'saturday']} value={hours.saturday} />
        <TextField path={['contactHours', 'sunday']} value={hours.sunday} />
      </div>
    </ContentSection>
  );
});

/** The areas covered, the text above them and the radius of the service area. */
export const AreasSection = memo(function AreasSection({ areas }: { areas: SiteContent['areas'] }) {
  return (
    <ContentSection
      id="section-areas"
      lead="The areas section of the home page and the footer, and the postcodes the enquiry form accepts as inside."
    >
      <TextField path={['areas', 'coverageText']} value={areas.coverageText} rows={2} hint={<TokensHint />} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField path={['areas', 'radiusMiles']} value={areas.radiusMiles} suffix="miles" />
        <NumberField path={['areas', 'radiusKilometres']} value={areas.radiusKilometres} suffix="km" />
      </div>
      <StringListField
        path={['areas', 'regions']}
        items={areas.regions}
        addLabel="Add an area"
        noun="areas"
        limit={siteContentLimits.regions}
        hint="The first is where the business is based; the footer names the first three."
      />
      <WordListField
        path={['areas', 'coveredDistricts']}
        words={areas.coveredDistricts}
        hint="Districts such as RM3 or CM12, or a whole area such as SS, separated by commas. The enquiry form tells customers whether their postcode is inside; leave empty to check nothing."
      />
    </ContentSection>
  );
});

const testimonialsPath = ['testimonials'] as const;
const newTestimonial: Testimonial = { content: '', author: '', location: '' };

/** What customers said, in the order of the home page's carousel. */
export const TestimonialsSection = memo(function TestimonialsSection({
  testimonials,
}: {
  testimonials: readonly Testimonial[];
}) {
  return (
    <ContentSection id="section-testimonials" lead="The customer reviews carousel of the home page.">
      <div id={fieldId(testimonialsPath)} tabIndex={-1} className="grid gap-4 focus:outline-none">
        <ListError path={testimonialsPath} />
        <ol className="grid gap-4">
          {testimonials.map((testimonial, index) => {
            const path = [...testimonialsPath, index];
            const name = `testimonial ${index + 1}${testimonial.author.trim() ? ` (${testimonial.author.trim()})` : ''}`;
            return (
              <li key={index} data-entry={fieldId(path)}>
                <fieldset className="min-w-0 grid gap-4 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 sm:p-4">
                  <legend className="sr-only">{name}</legend>
                  <TextField
                    path={[...path, 'content']}
                    value={testimonial.content}
                    rows={3}
                    className="sm:col-span-2"
                    aside={
                      <ItemControls
                        listPath={testimonialsPath}
                        index={index}
                        count={testimonials.length}
                        name={name}
                      />
                    }
                  />
                  <TextField path={[...path, 'author']} value={testimonial.author} />
                  <TextField path={[...path, 'location']} value={testimonial.location} />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <AddButton
          listPath={testimonialsPath}
          item={newTestimonial}
          count={testimonials.length}
          limit={siteContentLimits.testimonials}
          noun="testimonials"
        >
          Add a testimonial
        </AddButton>
      </div>
    </ContentSection>
  );
});

/** The words of the e-mails customers receive, around the details of what they sent. */
export const CustomerEmailsSection = memo(function CustomerEmailsSection({
  emails,
}: {
  emails: SiteContent['customerEmails'];
}) {
  return (
    <ContentSection
      id="section-customer-emails"
      lead="The acknowledgement a customer receives for an enquiry: it starts with “Dear” and their name, then this opening, their reference and what they sent, then what happens next."
    >
      <TextField
        path={['customerEmails', 'acknowledgementIntro']}
        value={emails.acknowledgementIntro}
        rows={2}
        hint={<TokensHint />}
      />
      <TextField
        path={['customerEmails', 'acknowledgementNextSteps']}
        value={emails.acknowledgementNextSteps}
        rows={3}
      />
    </ContentSection>
  );
});
