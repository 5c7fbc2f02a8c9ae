import { memo, useState } from 'react';
import {
  infoPageLimits as L,
  infoPageNames,
  infoPagePaths,
  type ContentBlock,
  type ContentSection as PageSection,
  type InfoPage,
  type InfoPageKey,
  type InfoPages,
} from '#common/site-content/info-pages.ts';
import { ListError, TextField } from '#app/components/editor/fields.tsx';
import { TokensHint } from './tokens-hint.tsx';
import { fieldId, pathKey, type Path } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { ContentSection } from './content-section.tsx';
import { StringListField } from './string-list-field.tsx';

const hoursBlocks = {
  branchHours: 'The opening hours of each branch, from Branches & opening hours.',
  contactHours: 'The contact hours, from Contact hours.',
} as const;

const card = 'grid gap-4 rounded-xl border border-slate-200 p-4';

function BlockEditor({ block, blocksPath, index, count }: BlockProps) {
  const path = [...blocksPath, index];
  const controls = (name: string) => (
    <ItemControls listPath={blocksPath} index={index} count={count} name={name} />
  );
  if (block.kind === 'p') {
    return <TextField path={[...path, 'text']} value={block.text} rows={4} aside={controls('paragraph')} />;
  }
  if (block.kind === 'ul') {
    return (
      <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <div className="flex justify-end">{controls('list')}</div>
        <StringListField
          path={[...path, 'items']}
          items={block.items}
          addLabel="Add a point"
          noun="points"
          limit={L.items}
          rows={2}
        />
      </div>
    );
  }
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-700">{hoursBlocks[block.kind]}</p>
      {controls('opening hours')}
    </div>
  );
}
type BlockProps = { block: ContentBlock; blocksPath: Path; index: number; count: number };

function SectionEditor({ section, listPath, index, count }: SectionProps) {
  const path = [...listPath, index];
  const blocksPath = [...path, 'blocks'];
  const name = section.heading.trim() || `section ${index + 1}`;
  return (
    <li data-entry={fieldId(path)} className={card}>
      <TextField
        path={[...path, 'heading']}
        value={section.heading}
        aside={<ItemControls listPath={listPath} index={index} count={count} name={name} />}
      />
      <div id={fieldId(blocksPath)} tabIndex={-1} className="grid gap-3 focus:outline-none">
        <ListError path={blocksPath} />
        <ol className="grid gap-3">
          {section.blocks.map((block, position) => (
            <li key={position} data-entry={fieldId([...blocksPath, position])}>
              <BlockEditor
                block={block}
                blocksPath={blocksPath}
                index={position}
                count={section.blocks.length}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          {(
            [
              [{ kind: 'p', text: '' }, 'Add a paragraph'],
              [{ kind: 'ul', items: [''] }, 'Add a list'],
            ] as const
          ).map(([item, label]) => (
            <AddButton
              key={label}
              listPath={blocksPath}
              item={item}
              count={section.blocks.length}
              limit={L.blocks}
              noun="paragraphs and lists"
            >
              {label}
            </AddButton>
          ))}
        </div>
      </div>
    </li>
  );
}
type SectionProps = { section: PageSection; listPath: Path; index: number; count: number };

function FaqsField({ faqs, path }: { faqs: InfoPage['faqs']; path: Path }) {
  return (
    <div id={fieldId(path)} tabIndex={-1} className="grid gap-3 focus:outline-none">
      <h3 className="text-base font-semibold text-ink">Questions and answers</h3>
      <ListError path={path} />
      <ol className="grid gap-3">
        {faqs.map((faq, index) => (
          <li key={index} data-entry={fieldId([...path, index])} className={card}>
            <TextField
              path={[...path, index, 'question']}
              value={faq.question}
              aside={
                <ItemControls
                  listPath={path}
                  index={index}
                  count={faqs.length}
                  name={`question ${index + 1}`}
                />
              }
            />
            <TextField path={[...path, index, 'answer']} value={faq.answer} rows={3} />
          </li>
        ))}
      </ol>
      <AddButton
        listPath={path}
        item={{ question: '', answer: '' }}
        count={faqs.length}
        limit={L.faqs}
        noun="questions"
      >
        Add a question
      </AddButton>
    </div>
  );
}

/** One page's texts, folded away until opened (and open while any of them needs attention). */
function InfoPageEditor({ pageKey, page }: { pageKey: InfoPageKey; page: InfoPage }) {
  const path = ['infoPages', pageKey];
  const prefix = `${pathKey(path)}.`;
  const { errors } = useEditor();
  const needsAttention = Object.keys(errors).some((key) => key.startsWith(prefix));
  const [opened, setOpened] = useState(false);
  const sectionsPath = [...path, 'sections'];
  const open = opened || needsAttention;
  return (
    <details
      open={open}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      className="group rounded-xl border border-slate-200"
    >
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-3 font-bold text-ink hover:bg-slate-50">
        <span>
          {infoPageNames[pageKey]}{' '}
          <span className="font-normal text-slate-600">{infoPagePaths[pageKey]}</span>
        </span>
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      {/* Rendered once opened: four pages of fields would slow every keystroke of the tab. */}
      {open && (
        <div className="grid gap-5 border-t border-slate-200 p-4">
          <TextField path={[...path, 'title']} value={page.title} />
          <TextField path={[...path, 'lead']} value={page.lead} rows={3} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path={[...path, 'metaTitle']} value={page.metaTitle} />
            <TextField path={[...path, 'description']} value={page.description} rows={3} />
          </div>
          <div id={fieldId(sectionsPath)} tabIndex={-1} className="grid gap-3 focus:outline-none">
            <h3 className="text-base font-semibold text-ink">Sections</h3>
            <ListError path={sectionsPath} />
            <ol className="grid gap-4">
              {page.sections.map((section, index) => (
                <SectionEditor
                  key={index}
                  section={section}
                  listPath={sectionsPath}
                  index={index}
                  count={page.sections.length}
                />
              ))}
            </ol>
            <AddButton
              listPath={sectionsPath}
              item={{ heading: '', blocks: [{ kind: 'p', text: '' }] }}
              count={page.sections.length}
              limit={L.sections}
              noun="sections"
            >
              Add a section
            </AddButton>
          </div>
          <FaqsField faqs={page.faqs} path={[...path, 'faqs']} />
          <StringListField
            path={[...path, 'keywords']}
            items={page.keywords}
            addLabel="Add a keyword"
            noun="keywords"
            limit={L.keywords}
          />
        </div>
      )}
    </details>
  );
}

/** The texts of /mot, /servicing, /about and /contact. */
export const InfoPagesSection = memo(function InfoPagesSection({ pages }: { pages: InfoPages }) {
  return (
    <ContentSection
      id="section-page-texts"
      lead={
        <>
          The texts of the MOT, servicing, about and contact pages. <TokensHint />
        </>
      }
    >
      {(Object.keys(infoPagePaths) as InfoPageKey[]).map((key) => (
        <InfoPageEditor key={key} pageKey={key} page={pages[key]} />
      ))}
    </ContentSection>
  );
});
