// The keys of the end-to-end tests and the benches that start `npm start` / `npm run backend` on a
// fresh data folder each run: a fixed secret set explicitly (SUPABASE_JWT_SECRET), so that the
// built app keeps one anon key from run to run (npm start rebuilds the app when its key changes)
// and the tests know the keys without reading the data folder. Loopback test servers only: it is
// public, like the Supabase CLI's demo secret, and is not one of the demo values the start warns
// about.
import { signKey } from '../start/secrets';

export const TEST_JWT_SECRET = 'budget-formation-tests-and-benches-only-loopback-secret';
export const TEST_ANON_KEY = signKey('anon', TEST_JWT_SECRET);
export const TEST_SERVICE_ROLE_KEY = signKey('service_role', TEST_JWT_SECRET);
