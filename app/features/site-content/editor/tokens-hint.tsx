import { Fragment } from 'react';
import { factNames } from '#common/site-content/facts.ts';

const Token = ({ children }: { children: string }) => (
  <code className="font-mono text-[0.8125rem] text-ink">{children}</code>
);

/** Where texts may name the business's details and facts, filled in when a page is shown. */
export function TokensHint() {
  return (
    <>
      You can write{' '}
      {factNames.map((name) => (
        <Fragment key={name}>
          <Token>{`{${name}}`}</Token>,{' '}
        </Fragment>
      ))}
      or a price’s name such as <Token>{'{price:mot}'}</Token> (shown under the price): the site shows the
      business’s details, facts and prices in their place.
    </>
  );
}
