import { Controller, Get, HttpStatus, Param, Req, Res, StreamableFile } from '@nestjs/common';
import {
  isAdminRoles,
  ServerMessages,
  scoreboardQuerySchema,
  eventFeedQuerySchema,
  clicsObjectIdSchema,
} from '@javelin/contracts';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { ClicsAuth } from './clics-auth.guard';
import { clicsError } from './clics-error';
import { ClicsService, type Collection } from './clics.service';
import { EventFeedQueryDto, ScoreboardQueryDto } from './dto';
import { eventLine } from './event-feed';
import { EventFeedStream } from './event-feed.stream';
import { EventLogService } from './event-log.service';
import { ZodParam, ZodQuery } from '../common/zod';
import { uuidParam } from '../common/uuid.pipe';

/** A contest by its CLICS id: its package's (issue 43) or its UUID (ClicsService.requireContest). */
const contestId = () => ZodParam('id', clicsObjectIdSchema);

/** Admin routes here take HTTP Basic as well as a bearer token (a coach downloads the package with curl -u). */
function requireAdmin(user: AuthUser | undefined): void {
  if (!user) throw clicsError(HttpStatus.UNAUTHORIZED, ServerMessages.unauthorized);
  if (!isAdminRoles(user.roles)) throw clicsError(HttpStatus.FORBIDDEN, ServerMessages.adminRequired);
}

/**
 * The CLICS Contest API (icpc/ccs-specs 2023-06), read-only, for the ICPC tools (Resolver, CDS,
 * presentation and balloon clients). Callers are the public, a team, or an admin, by HTTP Basic
 * (email and password) or a bearer token.
 */
@Controller('clics')
@ClicsAuth()
export class ClicsController {
  constructor(
    private readonly clics: ClicsService,
    private readonly feed: EventFeedStream,
  ) {}

  private list(id: string, name: Collection, user: AuthUser | undefined, req: Request) {
    return this.clics.collection(id, name, this.clics.viewerOf(user), req.query);
  }

  private one(id: string, name: Collection, objectId: string, user: AuthUser | undefined) {
    return this.clics.object(id, name, objectId, this.clics.viewerOf(user));
  }

  @Get()
  info() {
    return this.clics.apiInfo();
  }

  @Get('contests')
  contests() {
    return this.clics.contestList();
  }

  @Get('contests/:id')
  contest(@contestId() id: string) {
    return this.clics.contest(id);
  }

  @Get('contests/:id/state')
  state(@contestId() id: string) {
    return this.clics.state(id);
  }

  @Get('contests/:id/scoreboard')
  scoreboard(
    @contestId() id: string,
    @ZodQuery(scoreboardQuerySchema) query: ScoreboardQueryDto,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.clics.scoreboard(id, this.clics.viewerOf(user), query.group_id);
  }

  /** NDJSON: every event so far, then new ones as they happen (stream=false: the response ends at once). */
  @Get('contests/:id/event-feed')
  async eventFeed(
    @contestId() id: string,
    @ZodQuery(eventFeedQuerySchema) query: EventFeedQueryDto,
    @Res() res: Response,
    @CurrentUser() user?: AuthUser,
  ): Promise<void> {
    await this.feed.send(res, id, this.clics.viewerOf(user), {
      sinceToken: query.since_token,
      stream: query.stream !== 'false',
    });
  }

  @Get('contests/:id/judgement-types')
  judgementTypes(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'judgement-types', user, req);
  }

  @Get('contests/:id/judgement-types/:objectId')
  judgementType(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'judgement-types', objectId, user);
  }

  @Get('contests/:id/languages')
  languages(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'languages', user, req);
  }

  @Get('contests/:id/languages/:objectId')
  language(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'languages', objectId, user);
  }

  @Get('contests/:id/problems')
  problems(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'problems', user, req);
  }

  @Get('contests/:id/problems/:objectId')
  problem(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'problems', objectId, user);
  }

  @Get('contests/:id/groups')
  groups(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'groups', user, req);
  }

  @Get('contests/:id/groups/:objectId')
  group(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'groups', objectId, user);
  }

  @Get('contests/:id/organizations')
  organizations(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'organizations', user, req);
  }

  @Get('contests/:id/organizations/:objectId')
  organization(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'organizations', objectId, user);
  }

  @Get('contests/:id/teams')
  teams(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'teams', user, req);
  }

  @Get('contests/:id/teams/:objectId')
  team(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'teams', objectId, user);
  }

  @Get('contests/:id/submissions')
  submissions(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'submissions', user, req);
  }

  @Get('contests/:id/submissions/:objectId')
  submission(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'submissions', objectId, user);
  }

  /** The submitted source as files.zip: admins only (the spec's files for anyone else are empty). */
  @Get('contests/:id/submissions/:submissionId/files')
  async submissionFiles(
    @contestId() id: string,
    @Param('submissionId', uuidParam('submissionId')) submissionId: string,
    @CurrentUser() user?: AuthUser,
  ): Promise<StreamableFile> {
    requireAdmin(user);
    return new StreamableFile(await this.clics.submissionFiles(id, submissionId), {
      type: 'application/zip',
      disposition: 'attachment; filename="files.zip"',
    });
  }

  @Get('contests/:id/judgements')
  judgements(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'judgements', user, req);
  }

  @Get('contests/:id/judgements/:objectId')
  judgement(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'judgements', objectId, user);
  }

  @Get('contests/:id/runs')
  runs(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'runs', user, req);
  }

  @Get('contests/:id/runs/:objectId')
  run(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'runs', objectId, user);
  }

  @Get('contests/:id/clarifications')
  clarifications(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'clarifications', user, req);
  }

  @Get('contests/:id/clarifications/:objectId')
  clarification(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'clarifications', objectId, user);
  }

  @Get('contests/:id/awards')
  awards(@contestId() id: string, @Req() req: Request, @CurrentUser() user?: AuthUser) {
    return this.list(id, 'awards', user, req);
  }

  @Get('contests/:id/awards/:objectId')
  award(
    @contestId() id: string,
    @ZodParam('objectId', clicsObjectIdSchema) objectId: string,
    @CurrentUser() user?: AuthUser,
  ) {
    return this.one(id, 'awards', objectId, user);
  }
}

/** The contest package export, beside the other admin routes. */
@Controller('admin/contests')
@ClicsAuth()
export class ContestPackageController {
  constructor(
    private readonly clics: ClicsService,
    private readonly log: EventLogService,
  ) {}

  /** A zip in the Contest Package format: the ICPC Resolver loads it from a folder (`resolver.sh <folder>`). */
  @Get(':id/package')
  async package(
    @contestId() id: string,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user?: AuthUser,
  ): Promise<StreamableFile> {
    requireAdmin(user);
    // The package's feed is the event log itself, as an admin reads it: the same tokens as live.
    const events = await this.log.events(id, { admin: true, teamId: null });
    const { zip, name } = await this.clics.contestPackage(id, events.map(eventLine).join(''));
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(zip, {
      type: 'application/zip',
      disposition: `attachment; filename="${name}"`,
    });
  }
}
