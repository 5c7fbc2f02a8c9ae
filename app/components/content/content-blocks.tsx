import type { ContentBlock, ContentSection } from '../../content/types.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { fillTokens } from '../../lib/tokens.ts';

/** Paragraphs and lists of static text, with the site settings filled in. */
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  const site = useSiteSettings();
  return (
    <>
      {blocks.map((block, index) =>
        block.kind === 'p' ? (
          <p key={index}>{fillTokens(block.text, site)}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item) => (
              <li key={item}>{fillTokens(item, site)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <ContentBlocks blocks={section.blocks} />
        </section>
      ))}
    </>
  );
}
