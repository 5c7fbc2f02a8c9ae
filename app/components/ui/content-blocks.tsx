import type { ContentBlock, ContentSection } from '#common/site-content/info-pages.ts';
import { type HoursText } from '#app/features/site-content/page-content.ts';
import { useSiteSettings } from '#app/features/site-content/site-settings.ts';
import { fillTokens } from '#common/site-content/tokens.ts';

/**
 * Paragraphs and lists of static text, with the site settings filled in; opening hours blocks
 * list `hours` (from the published content).
 */
export function ContentBlocks({ blocks, hours }: { blocks: readonly ContentBlock[]; hours: HoursText }) {
  const site = useSiteSettings();
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'p':
            return <p key={index}>{fillTokens(block.text, site)}</p>;
          case 'ul':
            return (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item}>{fillTokens(item, site)}</li>
                ))}
              </ul>
            );
          case 'branchHours':
            return (
              <ul key={index}>
                {hours.branches.map((branch, line) => (
                  <li key={line}>{`${branch.name}: ${branch.week}`}</li>
                ))}
              </ul>
            );
          case 'contactHours':
            return (
              <ul key={index}>
                {hours.contact.map((text, line) => (
                  <li key={line}>{text}</li>
                ))}
              </ul>
            );
        }
      })}
    </>
  );
}

export function ContentSections({
  sections,
  hours,
}: {
  sections: readonly ContentSection[];
  hours: HoursText;
}) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <ContentBlocks blocks={section.blocks} hours={hours} />
        </section>
      ))}
    </>
  );
}
