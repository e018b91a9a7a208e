// Imported first by every entry point of server/: @supabase/lite must never send telemetry.
// (Only its CLI has telemetry today; these variables also cover any future code path.)
process.env.LITE_TELEMETRY = '0';
process.env.DO_NOT_TRACK = '1';

export const TELEMETRY_OFF = true;
