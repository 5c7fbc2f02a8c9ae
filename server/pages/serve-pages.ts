import fs from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createRequestHandler } from 'react-router';
import {
  databaseUnreachableMessage,
  unavailableOnlineMessage,
  unavailableRetryAfterSeconds,
} from '#common/http/outage.ts';
import type { ServerContext } from '#common/pages/load-context.ts';
import type { AppParts } from '#server/app-parts.ts';
import { bookingUnavailableText, lastKnown, unavailableWithout } from '#server/http/outage.ts';
import { isDatabaseUnreachable } from '#server/db/unreachable.ts';
import { assetHeaders, precompressedAssets } from '#server/http/precompressed-assets.ts';
import { clientBuildDir } from '#server/paths.ts';
import { currentUser } from '#server/auth/guard.ts';
import { submitEnquiry } from '#server/enquiries/submit.ts';
import { availability, routedAvailability } from '#server/bookings/availability.ts';
import { bookingOfferOf } from '#common/bookings/slots.ts';
import { depositTermsOf } from '#common/payments/settings.ts';
import { cancelByCustomer, manageBooking } from '#server/bookings/customer-link.ts';
import { moveByCustomer } from '#server/bookings/customer-move.ts';
import { submitBooking } from '#server/bookings/store.ts';
import { jobReportOfToken } from '#server/jobs/customer-report.ts';
import { resubscribe, subscriptionOf, unsubscribe } from '#server/reminders/unsubscribe.ts';
import { offerOf, searchTyres, sizesOnOffer } from '#server/tyres/offers.ts';
import { stockedSizes } from '#server/tyres/catalogue.ts';
import { stockedTyrePages, tyrePage } from '#server/tyres/tyre-page.ts';
import { uploadedSlotImages } from '#server/images/service.ts';
import { contentForPages } from '#server/site-content/store.ts';
import { siteSettingsWith, type SiteSettings } from '#common/site-content/site-settings.ts';
import { pageHandler } from '#server/pages/page-handler.ts';

/**
 * Everything that is not the API: the built files (hashed assets a year, the rest an hour), the
 * pages rendered on the server (anonymous public ones from the page cache), and the last resort
 * for errors outside the API.
 */
export function servePages(
  app: Express,
  {
    config,
    database,
    clock,
    ssr,
    pageCache,
    siteContent,
    settings,
    booking,
    auth,
    enquirySubmission,
    contact,
  }: AppParts,
) {
  if (ssr?.devMiddleware) app.use(ssr.devMiddleware);
  if (fs.existsSync(clientBuildDir)) {
    // File names under /assets carry a content hash, so they never change: browsers keep them a
    // year without asking again, and the validators (ETag, Last-Modified) and range support
    // would be bytes sent with each of a page's files for nothing.
    app.use(
      '/assets',
      assetHeaders,
      precompressedAssets(path.join(clientBuildDir, 'assets')),
      express.static(path.join(clientBuildDir, 'assets'), {
        // A year, never revalidated; without `public`, which only matters for answers to
        // requests with credentials (a response of its own is cached by shared caches anyway).
        cacheControl: false,
        setHeaders: (res) => res.setHeader('Cache-Control', 'max-age=31536000, immutable'),
        etag: false,
        lastModified: false,
        acceptRanges: false,
        fallthrough: false,
      }),
    );
    app.use(express.static(clientBuildDir, { maxAge: '1h', index: false }));
  }

  // The pictures the pages show, as last read: kept for pages rendered while the database is down.
  const uploadedSlots = lastKnown(() => uploadedSlotImages(database.db), {});
  const bookingPage = <Args extends unknown[], Result>(read: (...args: Args) => Promise<Result>) =>
    unavailableWithout(read, bookingUnavailableText);
  const unsubscribePage = <Args extends unknown[], Result>(read: (...args: Args) => Promise<Result>) =>
    unavailableWithout(read, unsubscribeUnavailableText);

  if (ssr) {
    app.all(
      '/{*path}',
      pageHandler({
        render: createRequestHandler(ssr.build, config.nodeEnv),
        cache: pageCache,
        secure: config.publicUrl.startsWith('https:'),
        loadContext: async (req, res, showSplash): Promise<ServerContext> => {
          const [{ content }, inForce] = await Promise.all([siteContent.published(), settings.inForce()]);
          return {
            site: siteSettingsWith(config.site, content),
            ...contentForPages(content),
            publicUrl: config.publicUrl,
            gaMeasurementId: config.gaMeasurementId,
            enquiryRetentionMonths: config.enquiryRetentionMonths,
            cspNonce: res.locals.cspNonce,
            showSplash,
            texts: config.twilio !== null,
            enquiries: {
              submit: async (form) => {
                try {
                  return await submitEnquiry(enquirySubmission, form, req.ip);
                } catch (error) {
                  if (!isDatabaseUnreachable(error)) throw error;
                  req.log.warn({ err: error }, 'database unreachable: customer told to call');
                  return {
                    status: 503,
                    error: unavailableOnlineMessage('enquiries', await contact()),
                    retryAfterSeconds: unavailableRetryAfterSeconds,
                  };
                }
              },
            },
            bookings: {
              offer: bookingOfferOf(inForce.booking),
              deposit: depositTermsOf(inForce.payments, config.stripe !== null),
              availability: bookingPage((query) => availability(booking, query)),
              routedAvailability: bookingPage((query) => routedAvailability(booking, query)),
              nearbyDiscountPence: inForce.routes.nearbyDiscountPence,
              submit: bookingPage((form) => submitBooking(booking, form, req.ip)),
              manage: bookingPage((token) => manageBooking(booking, token)),
              cancel: bookingPage((token) => cancelByCustomer(booking, token)),
              move: bookingPage((token, change) => moveByCustomer(booking, token, change)),
              jobReport: bookingPage((token) => jobReportOfToken(database.db, token)),
              reviewLink: inForce.reminders.reviewLink,
            },
            tyres: {
              sizes: bookingPage(() => sizesOnOffer(database.db)),
              stockedSizes: bookingPage(() => stockedSizes(database.db)),
              search: bookingPage((search) => searchTyres(booking, search)),
              offer: bookingPage((id, quantity) => offerOf(booking, id, quantity)),
              tyre: bookingPage((size, slug) => tyrePage(booking, size, slug)),
              stockedTyres: bookingPage(() => stockedTyrePages(database.db)),
            },
            reminders: {
              subscription: unsubscribePage((token) => subscriptionOf(database.db, token)),
              unsubscribe: unsubscribePage((token) => unsubscribe(database.db, token, clock())),
              resubscribe: unsubscribePage((token) => resubscribe(database.db, token)),
            },
            images: { uploadedSlots: () => uploadedSlots(res) },
            staff: {
              currentUser: unavailableWithout(() => currentUser(req, auth), databaseUnreachableMessage),
            },
          };
        },
      }),
    );
  }

  app.use(pageErrorHandler(contact));
}

const unsubscribeUnavailableText =
  'Unsubscribing is not available just now. Please try again in a few minutes, or reply to the e-mail and we will do it for you.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Last resort outside the API: a plain page, never a stack trace, with the phone number and
 * e-mail address (a database that cannot be reached is a 503).
 */
const pageErrorHandler =
  (contact: () => Promise<SiteSettings>): ErrorRequestHandler =>
  (error: Error & { status?: number }, req, res, _next) => {
    const unreachable = isDatabaseUnreachable(error);
    const status = unreachable
      ? 503
      : error.status && error.status >= 400 && error.status < 500
        ? error.status
        : 500;
    if (status === 500) req.log.error({ err: error }, 'unexpected error');
    if (unreachable) req.log.warn({ err: error }, 'database unreachable');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 404) {
      res
        .status(404)
        .type('html')
        .send('<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>');
      return;
    }
    void contact().then((site) => {
      if (unreachable) res.setHeader('Retry-After', String(unavailableRetryAfterSeconds));
      const phone = escapeHtml(site.formattedPhone);
      const email = escapeHtml(site.email);
      res
        .status(status)
        .type('html')
        .send(
          '<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1>' +
            `<p>Please try again later, or call us on <a href="tel:${escapeHtml(site.phone)}">${phone}</a>` +
            ` or e-mail <a href="mailto:${email}">${email}</a>.</p>`,
        );
    });
  };
