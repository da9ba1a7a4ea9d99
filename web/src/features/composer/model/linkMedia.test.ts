import { describe, expect, it } from 'vitest';
import type { OpenGraphData } from '../../../api/composerModels';
import { newPost, type PostModel } from './postModel';
import { postReducer, type PostAction } from './postReducer';
import { validationErrors } from './validation';
import { testLimits } from './testFormData';

const run = (post: PostModel, ...actions: PostAction[]) => actions.reduce(postReducer, post);

const og = (extra: Partial<OpenGraphData> = {}): OpenGraphData => ({
  title: 'A page',
  description: 'What it says',
  author: 'Someone',
  image: 'https://example.com/wide.png',
  imageWidth: 600,
  tags: ['one', 'two', 'three', 'four', 'five', 'six'],
  ...extra,
});

const link = () => run(newPost('link', 'alice', testLimits), { type: 'fieldChanged', field: 'url', value: 'example.com' });

describe('a link post’s OpenGraph data (spec 001 §4 Link form)', () => {
  it("waits with 'Loading OpenGraph data.' while the lookup runs", () => {
    const loading = run(link(), { type: 'openGraphRequested' });
    expect(validationErrors(loading)).toEqual(['Loading OpenGraph data.']);
    expect(validationErrors(run(loading, { type: 'openGraphEnded' }))).toEqual([]);
  });

  it('fills title, summary, author, a thumbnail at least 300 wide, and up to 5 tags', () => {
    const post = run(link(), { type: 'openGraphRequested' }, { type: 'openGraphLoaded', data: og() });
    expect([post.fields.title, post.fields.excerpt, post.fields.author, post.fields.thumbnail]).toEqual([
      'A page',
      'What it says',
      'Someone',
      'https://example.com/wide.png',
    ]);
    expect(post.tags).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(post.openGraph.pending).toBe(false);
    expect(run(link(), { type: 'openGraphLoaded', data: og({ imageWidth: 299 }) }).fields.thumbnail).toBe('');
  });

  it('measures an image whose width the page did not give before taking it', () => {
    const post = run(link(), { type: 'openGraphLoaded', data: og({ imageWidth: null }) });
    expect([post.fields.thumbnail, post.openGraph.unmeasuredImage]).toEqual(['', 'https://example.com/wide.png']);
    const image = 'https://example.com/wide.png';
    expect(run(post, { type: 'openGraphImageMeasured', image, width: 300 }).fields.thumbnail).toBe(image);
    expect(run(post, { type: 'openGraphImageMeasured', image, width: 120 }).fields.thumbnail).toBe('');
    expect(run(post, { type: 'openGraphImageMeasured', image: 'https://example.com/other.png', width: 900 }).fields.thumbnail).toBe('');
  });

  it("fills tags only while the user has entered none of their own; a new page replaces the last page's", () => {
    const first = run(link(), { type: 'openGraphLoaded', data: og({ tags: ['old'] }) });
    const second = run(first, { type: 'openGraphLoaded', data: og({ tags: ['new'] }) });
    expect(second.tags).toEqual(['new']);
    const own = run(first, { type: 'tagInputChanged', text: 'mine' }, { type: 'tagSubmitted' });
    expect(run(own, { type: 'openGraphLoaded', data: og({ tags: ['new'] }) }).tags).toEqual(['old', 'mine']);
    const typedFirst = run(link(), { type: 'tagInputChanged', text: 'mine' }, { type: 'tagSubmitted' });
    expect(run(typedFirst, { type: 'openGraphLoaded', data: og() }).tags).toEqual(['mine']);
  });

  it('removes the thumbnail first, then the whole link media', () => {
    const filled = run(link(), { type: 'openGraphLoaded', data: og() });
    const noThumbnail = run(filled, { type: 'linkMediaRemoved' });
    expect([noThumbnail.fields.removeThumbnail, noThumbnail.fields.url]).toEqual([true, 'example.com']);
    const gone = run(noThumbnail, { type: 'linkMediaRemoved' });
    expect([gone.fields.url, gone.fields.title, gone.fields.excerpt, gone.fields.author, gone.fields.thumbnail]).toEqual(['', '', '', '', '']);
    expect(gone.fields.removeThumbnail).toBe(false);
  });
});
