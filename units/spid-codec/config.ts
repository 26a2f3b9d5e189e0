import type { ConfigOf, Schema } from '../config.js';

/** The encoder is built for the study's one block shape (64 words, 512-bit lines). */
export const minmaxEncoderSchema = {} as const satisfies Schema;
export type MinmaxEncoderConfig = ConfigOf<typeof minmaxEncoderSchema>;
