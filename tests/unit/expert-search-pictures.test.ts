// Expert pictures: HEAD probes on two locations in order, images only, memory cache, no probe offline.
import { describe, expect, it } from 'vitest';
import { createPictureProbe, pictureCandidates } from '@/lib/expert-search/pictures';

type Answer = { status: number; type?: string } | 'network';

function fakeFetch(answers: Record<string, Answer>) {
  const calls: { url: string; method: string | undefined }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method });
    const answer = answers[url] ?? { status: 404, type: 'text/plain' };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(null, {
      status: answer.status,
      headers: answer.type ? { 'content-type': answer.type } : {},
    });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const BASES = ['https://a.example/experts/', 'https://b.example/pics'];

describe('pictureCandidates', () => {
  it('tries two locations at most, id encoded', () => {
    expect(pictureCandidates('12', { bases: BASES, extension: 'jpg' })).toEqual([
      'https://a.example/experts/12.jpg',
      'https://b.example/pics/12.jpg',
    ]);
    expect(
      pictureCandidates('a b', { bases: [...BASES, 'https://c.example'], extension: 'svg' }),
    ).toHaveLength(2);
    expect(pictureCandidates('a b', { bases: ['/x'], extension: 'svg' })).toEqual(['/x/a%20b.svg']);
    expect(pictureCandidates('  ', { bases: BASES, extension: 'jpg' })).toEqual([]);
  });
});

describe('createPictureProbe', () => {
  it('uses HEAD, in order, and the first 200 image wins', async () => {
    const { calls, fetchImpl } = fakeFetch({
      'https://a.example/experts/7.jpg': { status: 404, type: 'text/html' },
      'https://b.example/pics/7.jpg': { status: 200, type: 'image/jpeg' },
    });
    const probe = createPictureProbe({
      bases: BASES,
      extension: 'jpg',
      fetchImpl,
      isOnline: () => true,
    });
    expect(await probe('7')).toBe('https://b.example/pics/7.jpg');
    expect(calls).toEqual([
      { url: 'https://a.example/experts/7.jpg', method: 'HEAD' },
      { url: 'https://b.example/pics/7.jpg', method: 'HEAD' },
    ]);
  });

  it('ignores an HTML fallback page answered with 200', async () => {
    const { fetchImpl } = fakeFetch({
      'https://a.example/experts/7.jpg': { status: 200, type: 'text/html; charset=utf-8' },
    });
    const probe = createPictureProbe({
      bases: BASES,
      extension: 'jpg',
      fetchImpl,
      isOnline: () => true,
    });
    expect(await probe('7')).toBeNull();
  });

  it('remembers answers for the session', async () => {
    const { calls, fetchImpl } = fakeFetch({
      'https://a.example/experts/1.jpg': { status: 200, type: 'image/jpeg' },
    });
    const probe = createPictureProbe({
      bases: BASES,
      extension: 'jpg',
      fetchImpl,
      isOnline: () => true,
    });
    await Promise.all([probe('1'), probe('1'), probe('2')]);
    await probe('2');
    expect(calls.filter((c) => c.url.includes('/1.jpg'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.includes('/2.jpg'))).toHaveLength(2);
  });

  it('never probes offline, and does not remember a miss caused by the network', async () => {
    let online = false;
    const { calls, fetchImpl } = fakeFetch({ 'https://a.example/experts/3.jpg': 'network' });
    const probe = createPictureProbe({
      bases: BASES,
      extension: 'jpg',
      fetchImpl,
      isOnline: () => online,
    });
    expect(await probe('3')).toBeNull();
    expect(calls).toHaveLength(0);
    online = true;
    expect(await probe('3')).toBeNull();
    expect(calls).toHaveLength(2);
    expect(await probe('3')).toBeNull();
    expect(calls).toHaveLength(4);
  });
});
