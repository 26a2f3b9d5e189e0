// `gfxrtl price`'s limits and defaults, apart from the command so that
// declaring the command (cli/program.ts) loads nothing of pricing.

/** Configs one `price` call expands `--config` lists into, at most: each is
 *  elaborated and priced, and a table longer than this is a sweep's job. */
export const MAX_PRICE_CONFIGS = 64;

/** Where `price` looks for a calibration when --knobs is not given. */
export const CALIBRATION_ROOT = 'report';
