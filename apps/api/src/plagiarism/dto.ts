/** POST /api/admin/contests/:id/plagiarism, checked by its schema in libs/contracts (plagiarism.ts). */
export type { StartPlagiarismBody as StartPlagiarismDto } from '@javelin/contracts';
