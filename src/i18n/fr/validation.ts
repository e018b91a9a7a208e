// Validation messages of the documents (01 §5, 02 §5): they live in src/domain/messages.ts (the
// domain's zod schemas use them); this module is their UI entry point (`fr.validation`).
import { messages } from '@/domain/messages';

export const validation = messages;
