// The request of a PostgREST RPC call as the app's clients send it (the API key, the caller's
// token, JSON arguments). No Node or browser API: the Node benches and the page-side harness
// (bench/browser/harness.ts) share it.

export function rpcInit(apiKey: string, token: string, args: unknown): RequestInit {
  return {
    method: 'POST',
    headers: {
      apikey: apiKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  };
}
