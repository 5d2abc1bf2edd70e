import { describe, expect, it } from 'vitest';
import {
  byNewest,
  checkApiCategory,
  checkApiPost,
  entryNumber,
  truncateText,
  unsafeIdReason,
  urlKey,
} from '../../src/lib/blog/post';
import { formatLongDate } from '../../src/lib/format';

const valid = {
  _id: '65b000000000000000000001',
  name: 'Ten welcome messages',
  category: { _id: '64a000000000000000000001', name: 'Community Growth' },
  createdAt: '2025-08-01T10:00:00.000Z',
  author: 'Ananya Rao',
  shortDescription: '<p>Short</p>',
  description: '<p>Long</p>',
  image: { value: 'https://cdn.example.org/a.png' },
};

describe('entry numbers', () => {
  it('zero-pads below 10 and not above', () => {
    expect(entryNumber(1)).toBe('01');
    expect(entryNumber(9)).toBe('09');
    expect(entryNumber(10)).toBe('10');
    expect(entryNumber(123)).toBe('123');
  });
});

describe('blog dates', () => {
  it('print day-month-year in long form, in UTC', () => {
    expect(formatLongDate(new Date('2025-08-01T10:00:00.000Z'))).toBe('1 August 2025');
    expect(formatLongDate(new Date('2024-12-31T23:30:00.000Z'))).toBe('31 December 2024');
  });
});

describe('checkApiPost', () => {
  it('accepts a post with every field the blog API sends and maps it', () => {
    const checked = checkApiPost(valid);
    expect(checked).toEqual({
      ok: true,
      value: {
        id: '65b000000000000000000001',
        name: 'Ten welcome messages',
        category: { id: '64a000000000000000000001', name: 'Community Growth' },
        createdAt: '2025-08-01T10:00:00.000Z',
        author: 'Ananya Rao',
        shortDescription: '<p>Short</p>',
        description: '<p>Long</p>',
        image: { src: 'https://cdn.example.org/a.png', alt: 'Ten welcome messages' },
      },
    });
  });

  it('accepts a post without an image (the list shows "No Image")', () => {
    const withoutImage = { ...valid, image: { value: '' } };
    const checked = checkApiPost(withoutImage);
    expect(checked.ok && checked.value.image).toBeNull();
    const noImageField: Record<string, unknown> = { ...valid };
    delete noImageField.image;
    const checkedNoField = checkApiPost(noImageField);
    expect(checkedNoField.ok && checkedNoField.value.image).toBeNull();
  });

  it.each([
    ['name', { name: '' }],
    ['category', { category: 'Payments' }],
    ['category._id', { category: { name: 'Payments' } }],
    ['category.name', { category: { _id: 'c1' } }],
    ['createdAt', { createdAt: undefined }],
    ['createdAt', { createdAt: 'yesterday' }],
    ['author', { author: undefined }],
    ['shortDescription', { shortDescription: null }],
    ['description', { description: '' }],
  ])('names the field at fault: %s', (field, change) => {
    const checked = checkApiPost({ ...valid, ...change });
    expect(checked).toMatchObject({ ok: false, id: '"65b000000000000000000001"', field });
  });

  it.each([
    ['a javascript: URL', { value: 'javascript:alert(1)' }, 'field "image.value" is not an http(s) URL'],
    ['a data: URL', { value: 'data:image/png;base64,AAAA' }, 'field "image.value" is not an http(s) URL'],
    ['a protocol-relative URL', { value: '//evil.example/a.png' }, 'field "image.value" is not an http(s) URL'],
    ['a number', { value: 42 }, 'field "image.value" is not a string'],
    ['a string instead of an object', 'https://cdn.example.org/a.png', 'field "image" is not an object with a value'],
  ])('keeps a post whose image is %s, without the image and with a note', (_label, image, note) => {
    const checked = checkApiPost({ ...valid, image });
    expect(checked).toMatchObject({ ok: true, value: { id: valid._id, image: null }, notes: [note] });
  });

  it.each([
    ['../../index', 'holds "/"'],
    ['a/b', 'holds "/"'],
    ['..', 'is ".."'],
    ['.', 'is "."'],
    ['?x=1#y', 'holds "?"'],
    ['#top', 'holds "#"'],
    ['%2e%2e', 'holds "%"'],
    ['a\\b', 'holds "\\"'],
    ['tab\there', 'control character'],
    ['nul\u0000', 'control character'],
    ['c1\u0085', 'control character'],
    ['x'.repeat(201), 'longer than 200 characters'],
    ['index', 'is "index"'],
    ['INDEX', 'is "index"'],
  ])('skips a post whose id %j cannot be a page address', (id, reason) => {
    expect(unsafeIdReason(id)).toContain(reason);
    const checked = checkApiPost({ ...valid, _id: id });
    expect(checked).toMatchObject({ ok: false, field: '_id' });
    expect(!checked.ok && checked.problem).toContain('cannot be a page address');
  });

  it.each(['65b000000000000000000001', 'café déjà-vu', '<b>&"quoted"\'', 'x'.repeat(200), 'post:1', 'index-2'])(
    'accepts the id %j as a page address',
    (id) => {
      expect(unsafeIdReason(id)).toBeNull();
      expect(checkApiPost({ ...valid, _id: id })).toMatchObject({ ok: true, value: { id } });
    },
  );

  it('treats ids that differ only in case or Unicode form as one page address', () => {
    expect(urlKey('Shared-Address')).toBe(urlKey('shared-address'));
    expect(urlKey('caf\u00e9')).toBe(urlKey('cafe\u0301'));
    expect(urlKey('post-1')).not.toBe(urlKey('post-2'));
  });

  it('reports a post without an id, or with an empty one, by its position', () => {
    expect(checkApiPost({ ...valid, _id: '' }, 2)).toMatchObject({ ok: false, id: '#2', field: '_id' });
    expect(checkApiPost({ ...valid, _id: '   ' }, 3)).toMatchObject({ ok: false, id: '#3', field: '_id' });
    const noId: Record<string, unknown> = { ...valid };
    delete noId._id;
    expect(checkApiPost(noId, 4)).toMatchObject({ ok: false, id: '#4', field: '_id' });
  });
});

describe('checkApiCategory', () => {
  it('accepts _id and name and rejects a nameless one', () => {
    expect(checkApiCategory({ _id: 'c1', name: 'Events' })).toEqual({ ok: true, value: { id: 'c1', name: 'Events' } });
    expect(checkApiCategory({ _id: 'c1' })).toMatchObject({ ok: false, field: 'name' });
  });
});

describe('helpers', () => {
  it('sorts newest first', () => {
    const list = [{ createdAt: '2025-01-01' }, { createdAt: '2025-03-01' }, { createdAt: '2025-02-01' }];
    expect(list.sort(byNewest).map((p) => p.createdAt)).toEqual(['2025-03-01', '2025-02-01', '2025-01-01']);
  });

  it('cuts plain text at a word, and leaves short text as it is', () => {
    expect(truncateText('  Hello   world & <friends>  ', 160)).toBe('Hello world & <friends>');
    const long = truncateText('word '.repeat(60), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});
