import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  CONTEST_STREAM_EVENTS,
  ContestAnnouncement,
  ContestClarification,
  isAdminRoles,
  ServerMessages,
} from '@javelin/contracts';
import { ContestEventsService, ContestStreamEvent } from '../contests/contest-events.service';
import { ContestsService } from '../contests/contests.service';
import type { AuthUser } from '../users/users.service';
import { AnnouncementRow, ClarificationRow, ClarificationsRepository } from './clarifications.repository';
import { AnswerClarificationDto, AskClarificationDto, CreateAnnouncementDto } from './dto';

function announcementView(row: AnnouncementRow): ContestAnnouncement {
  return {
    _id: row.id,
    id: row.id,
    contestId: row.contestId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The asker's name is shown to admins and to the asker; others read a public answer anonymously. */
function clarificationView(row: ClarificationRow, showAsker: boolean): ContestClarification {
  return {
    _id: row.id,
    id: row.id,
    contestId: row.contestId,
    problemId: row.problemId,
    problemTitle: row.problemTitle,
    question: row.question,
    askedBy: showAsker ? row.username : null,
    ...(showAsker && row.team ? { askedByTeam: row.team } : {}),
    answer: row.answer,
    public: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/**
 * Announcements from the organisers and participants' questions with their answers. Both are kept,
 * and pushed to the contest's open pages through the contest stream, each only to whom may read it.
 */
@Injectable()
export class ClarificationsService {
  constructor(
    private readonly repository: ClarificationsRepository,
    private readonly contests: ContestsService,
    private readonly events: ContestEventsService,
  ) {}

  async announcements(contestId: string): Promise<ContestAnnouncement[]> {
    await this.contests.requireContest(contestId);
    return (await this.repository.announcements(contestId)).map(announcementView);
  }

  async announce(
    contestId: string,
    dto: CreateAnnouncementDto,
    author: AuthUser,
  ): Promise<ContestAnnouncement> {
    await this.contests.requireContest(contestId);
    const announcement = announcementView(
      await this.repository.addAnnouncement(contestId, dto.text, author.id),
    );
    await this.events.publish(contestId, {
      type: CONTEST_STREAM_EVENTS.announcement,
      data: announcement,
      audience: { everyone: true },
    });
    return announcement;
  }

  /** A joined participant asks, while the contest is active, about it or one of its problems. */
  async ask(contestId: string, dto: AskClarificationDto, asker: AuthUser): Promise<ContestClarification> {
    const contest = await this.contests.requireContest(contestId);
    if (!(await this.contests.isParticipant(contestId, asker.id)))
      throw new ForbiddenException(ServerMessages.onlyParticipantsAsk);
    if (this.contests.statusOf(contest) !== 'active')
      throw new ConflictException(ServerMessages.questionsOnlyWhileActive);
    if (dto.problemId && (await this.contests.pointsFor(contestId, dto.problemId)) === null)
      throw new BadRequestException(ServerMessages.problemNotPartOfContest);
    const row = await this.repository.addClarification(
      contestId,
      asker.id,
      dto.problemId ?? null,
      dto.question,
    );
    const clarification = clarificationView(row, true);
    await this.events.publish(contestId, {
      type: CONTEST_STREAM_EVENTS.clarification,
      data: clarification,
      audience: { adminsAndUser: asker.id },
    });
    return clarification;
  }

  /** Everything for admins; otherwise the caller's own questions and the publicly answered ones. */
  async list(contestId: string, viewer?: AuthUser): Promise<ContestClarification[]> {
    await this.contests.requireContest(contestId);
    const admin = isAdminRoles(viewer?.roles);
    const rows = await this.repository.clarifications(
      contestId,
      admin ? { all: true } : { userId: viewer?.id ?? null },
    );
    return rows.map((row) => clarificationView(row, admin || row.userId === viewer?.id));
  }

  /** Answers (or corrects an answer) privately to the asker, or publicly to everyone in the contest. */
  async answer(
    contestId: string,
    clarificationId: string,
    dto: AnswerClarificationDto,
    admin: AuthUser,
  ): Promise<ContestClarification> {
    await this.contests.requireContest(contestId);
    const row = await this.repository.answer(contestId, clarificationId, dto.answer, dto.public, admin.id);
    if (!row) throw new NotFoundException(ServerMessages.clarificationNotFound);
    const events: ContestStreamEvent[] = [
      {
        type: CONTEST_STREAM_EVENTS.clarification,
        data: clarificationView(row, true),
        audience: { adminsAndUser: row.userId },
      },
    ];
    if (row.isPublic)
      events.push({
        type: CONTEST_STREAM_EVENTS.clarification,
        data: clarificationView(row, false),
        audience: { allButAdminsAndUser: row.userId },
      });
    await this.events.publish(contestId, ...events);
    return clarificationView(row, true);
  }
}
