/** A contest's announcement and clarification bodies, checked by their schemas in libs/contracts (clarifications.ts). */
export type {
  AnswerClarificationBody as AnswerClarificationDto,
  AskClarificationBody as AskClarificationDto,
  CreateAnnouncementBody as CreateAnnouncementDto,
} from '@javelin/contracts';
