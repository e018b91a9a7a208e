// Frames of the Phoenix channel protocol as Supabase Realtime speaks it, for the two serializers
// realtime-js (node_modules/@supabase/realtime-js) offers: vsn 1.0.0 (JSON objects) and vsn 2.0.0,
// its default (JSON arrays [join_ref, ref, topic, event, payload], plus binary frames for user
// broadcasts: kind 3 from the client, kind 4 to the client; lib/serializer.ts there).

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export type Frame = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
};

/** An outgoing frame: text, or bytes for a binary frame. */
export type Wire = string | Buffer;

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const JSON_ENCODING = 1;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const refOrNull = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

function fromParts(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
) {
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return {
    joinRef: refOrNull(joinRef),
    ref: refOrNull(ref),
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
  } satisfies Frame;
}

/** A client frame, or null when it is not one (the caller closes the socket). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | null {
  if (isBinary) return vsn === '2.0.0' ? decodeBroadcastPush(data) : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return fromParts(joinRef, ref, topic, event, payload);
  }
  if (!isRecord(parsed)) return null;
  return fromParts(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
}

/** Kind 3: [kind, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] + the strings + payload. */
function decodeBroadcastPush(buf: Buffer): Frame | null {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [1, 2, 3, 4, 5, 6].map(
    (i) => buf[i]!,
  ) as [number, number, number, number, number, number];
  let offset = 7;
  const take = (n: number) => {
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  if (offset + joinRefLen + refLen + topicLen + eventLen + metaLen > buf.length) return null;
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const userEvent = take(eventLen);
  const metaText = take(metaLen);
  let userPayload: unknown = null;
  let meta: unknown = undefined;
  try {
    userPayload =
      encoding === JSON_ENCODING
        ? JSON.parse(buf.subarray(offset).toString('utf8'))
        : { binary: true };
    if (metaText) meta = JSON.parse(metaText);
  } catch {
    return null;
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: {
      type: 'broadcast',
      event: userEvent,
      payload: userPayload,
      ...(meta === undefined ? {} : { meta }),
    },
  };
}

export function encodeFrame(frame: Frame, vsn: Vsn): Wire {
  if (vsn === '2.0.0')
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** A reply to a client push (phx_reply). */
export function encodeReply(
  to: Pick<Frame, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
  vsn: Vsn,
): Wire {
  return encodeFrame(
    {
      joinRef: to.joinRef,
      ref: to.ref,
      topic: to.topic,
      event: 'phx_reply',
      payload: { status, response },
    },
    vsn,
  );
}

/**
 * A broadcast to a joined channel, as hosted Realtime sends it: for vsn 2.0.0 a binary kind-4 frame
 * ([kind, topicLen, eventLen, metaLen, encoding] + topic + user event + meta + JSON payload), for
 * vsn 1.0.0 a JSON frame whose payload is {type: 'broadcast', event, payload, meta}.
 */
export function encodeBroadcast(
  topic: string,
  userEvent: string,
  payload: unknown,
  meta: Record<string, unknown> | null,
  vsn: Vsn,
): Wire {
  if (vsn === '1.0.0') {
    return encodeFrame(
      {
        joinRef: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event: userEvent, payload, ...(meta ? { meta } : {}) },
      },
      vsn,
    );
  }
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(userEvent, 'utf8');
  const m = Buffer.from(meta ? JSON.stringify(meta) : '', 'utf8');
  if (t.length > 255 || e.length > 255 || m.length > 255)
    throw new Error('broadcast header field longer than 255 bytes');
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, JSON_ENCODING]);
  return Buffer.concat([header, t, e, m, Buffer.from(JSON.stringify(payload ?? {}), 'utf8')]);
}
