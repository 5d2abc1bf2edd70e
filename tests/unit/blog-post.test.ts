import { describe, expect, it } from 'vitest';
import { byNewest, checkApiCategory, checkApiPost, entryNumber, plainText } from '../../src/lib/blog/post';
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
  it('accepts a post with every field of spec section 3 and maps it', () => {
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
    ['image.value', { image: { value: 'javascript:alert(1)' } }],
    ['image.value', { image: { value: 'data:image/png;base64,AAAA' } }],
  ])('names the field at fault: %s', (field, change) => {
    const checked = checkApiPost({ ...valid, ...change });
    expect(checked).toMatchObject({ ok: false, id: '65b000000000000000000001', field });
  });

  it('reports a post without an id by its position', () => {
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

  it('turns rich text into a plain summary cut at a word', () => {
    expect(plainText('<p>Hello <strong>world</strong> &amp; friends</p>')).toBe('Hello world & friends');
    const long = plainText(`<p>${'word '.repeat(60)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('…')).toBe(true);
  });
});
