import { describe, expect, it } from 'vitest';
import { altTextRequiredMessage, imageFieldLimits } from '#common/images/fields.ts';
import {
  fallbackImage,
  imageTooLargeMessage,
  imageUploadMaxBytes,
  type StoredImage,
} from '#common/images/images.ts';
import { ApiError } from '#app/lib/api.ts';
import {
  altTextProblem,
  checkChosenFile,
  imageFailureMessage,
  imageFormData,
  imagePreviewSource,
} from './site-images.ts';

function storedImage(overrides: Partial<StoredImage> = {}): StoredImage {
  return {
    id: 7,
    name: 'puncture-repair',
    altText: 'Our own puncture repair',
    section: 'services',
    url: '/media/abc-1600.webp',
    srcSet: '/media/abc-800.webp 800w, /media/abc-1600.webp 1600w',
    width: 1600,
    height: 1200,
    createdAt: '2026-07-01T08:00:00.000Z',
    updatedAt: '2026-07-01T08:00:00.000Z',
    ...overrides,
  };
}

const apiError = (serverMessage?: string) =>
  new ApiError(
    413,
    serverMessage,
    undefined,
    serverMessage ? `{"error":"${serverMessage}"}` : 'Payload Too Large',
  );

describe('imageFailureMessage', () => {
  it("is the API's own sentence when it sent one", () => {
    expect(imageFailureMessage(apiError('That file is not a picture.'), 'Failed to upload image')).toBe(
      'That file is not a picture.',
    );
  });

  it('falls back to the given text when the API sent none', () => {
    expect(imageFailureMessage(apiError(), 'Failed to upload image')).toBe('Failed to upload image');
    expect(imageFailureMessage(apiError(), 'Failed to replace image')).toBe('Failed to replace image');
  });

  it("is the status and body without a fallback (the API client's generic failure)", () => {
    expect(imageFailureMessage(apiError())).toBe('413: Payload Too Large');
  });

  it("is the browser's message for a network failure, and 'An unknown error occurred' for a non-error", () => {
    expect(imageFailureMessage(new TypeError('Failed to fetch'), 'Failed to upload image')).toBe(
      'Failed to fetch',
    );
    expect(imageFailureMessage('boom', 'Failed to upload image')).toBe('An unknown error occurred');
    expect(imageFailureMessage(undefined)).toBe('An unknown error occurred');
  });
});

describe('checkChosenFile', () => {
  it("asks for a file when none is chosen ('No file selected')", () => {
    for (const none of [undefined, null]) {
      expect(checkChosenFile(none, 'Upload failed')).toEqual({
        ok: false,
        problem: { title: 'No file selected', description: 'Please select an image file to upload' },
      });
    }
  });

  it('refuses a file over the limit, titled by the action that failed', () => {
    const tooLarge = { size: imageUploadMaxBytes + 1 };
    expect(checkChosenFile(tooLarge, 'Replace failed')).toEqual({
      ok: false,
      problem: { title: 'Replace failed', description: imageTooLargeMessage },
    });
  });

  it('lets a file up to the limit go', () => {
    const file = new File(['x'], 'van.jpg', { type: 'image/jpeg' });
    expect(checkChosenFile(file, 'Upload failed')).toEqual({ ok: true, file });
    const atLimit = { size: imageUploadMaxBytes };
    expect(checkChosenFile(atLimit, 'Upload failed')).toEqual({ ok: true, file: atLimit });
  });
});

describe('altTextProblem', () => {
  it('requires alt text for a named slot, spaces alone included', () => {
    expect(altTextProblem('hero-background', '')).toBe(altTextRequiredMessage);
    expect(altTextProblem('hero-background', '   ')).toBe(altTextRequiredMessage);
    expect(altTextProblem('hero-background', 'A van at dusk')).toBeUndefined();
  });

  it('lets another image go without alt text, but not with too much', () => {
    expect(altTextProblem('winter-offer', '')).toBeUndefined();
    expect(altTextProblem('winter-offer', 'x'.repeat(imageFieldLimits.altText + 1))).toBe(
      `Must be ${imageFieldLimits.altText} characters or fewer`,
    );
  });
});

describe('imageFormData', () => {
  it('holds the given fields, then the picture, and leaves out missing fields', () => {
    const file = new File(['x'], 'van.jpg', { type: 'image/jpeg' });
    const body = imageFormData(file, { name: 'about-image', altText: 'Our van', section: undefined });
    expect([...body.keys()]).toEqual(['name', 'altText', 'image']);
    expect(body.get('name')).toBe('about-image');
    expect(body.get('image')).toBeInstanceOf(File);
    expect([...imageFormData(file).keys()]).toEqual(['image']);
  });
});

describe('imagePreviewSource', () => {
  it('shows an uploaded picture with its renditions', () => {
    expect(imagePreviewSource('puncture-repair', storedImage())).toEqual({
      src: '/media/abc-1600.webp',
      srcSet: '/media/abc-800.webp 800w, /media/abc-1600.webp 1600w',
      width: 1600,
      height: 1200,
      uploaded: true,
    });
  });

  it('shows the shipped picture of a slot without a record or without a picture', () => {
    const shipped = { ...fallbackImage('puncture-repair'), uploaded: false };
    expect(imagePreviewSource('puncture-repair', undefined)).toEqual(shipped);
    expect(
      imagePreviewSource(
        'puncture-repair',
        storedImage({ url: null, srcSet: '', width: null, height: null }),
      ),
    ).toEqual(shipped);
  });

  it('shows nothing for another image without a picture (it has no shipped one)', () => {
    expect(imagePreviewSource('commercial-tyres', undefined)).toBeUndefined();
    expect(
      imagePreviewSource('winter-offer', storedImage({ name: 'winter-offer', url: null })),
    ).toBeUndefined();
  });
});
