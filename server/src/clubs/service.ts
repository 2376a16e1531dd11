import { createHash, randomBytes } from 'node:crypto';
import type { Club, ClubRole, MyClubs } from '../../../contract/clubs';
import type { Config } from '../config';
import { nowIso, type Db, type Dialect } from '../db';
import { badRequest, conflict, forbidden, notFound } from '../http';
import { findPlace, placeName, placeTotals } from '../places';
import { pilotRef, toFlightRef } from '../privacy';
import { CLUB_GONE, rankingsService } from '../rankings';
import * as repo from './repository';

export const INVITE_GONE = 'This invite link is not valid: ask a club admin for a new one.';
const NOT_MEMBER = 'This pilot is not a member of the club.';
const KEEP_AN_ADMIN = 'A club always keeps an admin: make another member admin first.';
const ADMINS_ONLY = 'Only the club’s admins can do this.';

/** 192 random bits, base64url; only its sha256 is stored, so the database cannot hand out invitations. */
const newInviteToken = () => randomBytes(24).toString('base64url');
const hashInvite = (token: string) => createHash('sha256').update(token).digest('hex');

/** A readable address from the name: "Club Vol Libre Annecy" → "club-vol-libre-annecy". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'club';
}

/** Monday of the week of a YYYY-MM-DD date and the Sunday after it. */
function weekAround(date: string): { from: string; to: string } {
  const day = new Date(`${date}T00:00:00Z`);
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/** Clubs: creation, invitations, membership and the public club page (docs/rankings-and-clubs.md). */
export function clubsService(services: { database: { db: Db; dialect: Dialect }; config: Pick<Config, 'scoringRules' | 'publicUrl'> }) {
  const {
    database: { db, dialect },
    config,
  } = services;
  /** One membership change of a club at a time: the "keeps an admin" check cannot race another. */
  const underLock = (clubId: number, change: (trx: Db) => Promise<boolean>) =>
    db.transaction().execute(async (trx) => {
      await repo.lockClub(trx, dialect, clubId);
      return change(trx);
    });
  const rankings = rankingsService(services);

  const clubOrGone = async (slug: string) => {
    const club = await repo.findClubBySlug(db, slug);
    if (!club) throw notFound(CLUB_GONE);
    return club;
  };
  /** The club, if the pilot is one of its admins; a non-member learns no more than that they may not. */
  const asAdmin = async (userId: number, slug: string) => {
    const club = await clubOrGone(slug);
    if ((await repo.roleOf(db, club.id, userId)) !== 'admin') throw forbidden(ADMINS_ONLY);
    return club;
  };
  /** Place ids as the app knows them → rows; each must be a place with public flights. */
  const resolvePlaces = async (publicIds: string[]) => {
    const ids: number[] = [];
    for (const publicId of new Set(publicIds)) {
      const place = await findPlace(db, publicId);
      if (!place || (await placeTotals(db, place.id)).flights === 0) throw badRequest(`Unknown place: ${publicId}.`);
      ids.push(place.id);
    }
    return ids;
  };

  return {
    async create(userId: number, body: { name: string; places?: string[] }): Promise<{ slug: string; name: string }> {
      const placeIds = await resolvePlaces(body.places ?? []);
      const base = slugOf(body.name);
      return db.transaction().execute(async (trx) => {
        let slug = base;
        for (let n = 2; await repo.slugTaken(trx, slug); n++) slug = `${base}-${n}`;
        const clubId = await repo.insertClub(trx, { slug, name: body.name, createdAt: nowIso() });
        await repo.insertMember(trx, { clubId, userId, role: 'admin', joinedAt: nowIso() });
        await repo.replacePlaces(trx, clubId, placeIds);
        return { slug, name: body.name };
      });
    },

    async mine(userId: number): Promise<MyClubs> {
      const rows = await repo.clubsOfPilot(db, userId);
      return { clubs: rows.map((r) => ({ slug: r.slug, name: r.name, role: r.role, memberCount: Number(r.memberCount) })) };
    },

    /** A new invite link; the one before stops working. */
    async renewInvite(userId: number, slug: string): Promise<{ url: string; token: string }> {
      const club = await asAdmin(userId, slug);
      const token = newInviteToken();
      await repo.setInviteHash(db, club.id, hashInvite(token), nowIso());
      return { url: `${config.publicUrl}/clubs/join/${token}`, token };
    },

    /** The club an invite token leads to, for the invite page; the same 404 as joining with it. */
    async invitedTo(token: string): Promise<{ slug: string; name: string }> {
      const club = await repo.findClubByInviteHash(db, hashInvite(token));
      if (!club) throw notFound(INVITE_GONE);
      return { slug: club.slug, name: club.name };
    },

    /** Joins the club of the invite token; joining again changes nothing. */
    async join(userId: number, token: string): Promise<{ slug: string; name: string }> {
      const club = await repo.findClubByInviteHash(db, hashInvite(token));
      if (!club) throw notFound(INVITE_GONE);
      await repo.insertMember(db, { clubId: club.id, userId, role: 'member', joinedAt: nowIso() });
      return { slug: club.slug, name: club.name };
    },

    /** An admin removes a member, or a member leaves; the last admin cannot go. */
    async removeMember(userId: number, slug: string, username: string): Promise<void> {
      const club = await clubOrGone(slug);
      const target = await repo.memberByUsername(db, club.id, username);
      const self = target?.userId === userId;
      if (!self && (await repo.roleOf(db, club.id, userId)) !== 'admin') throw forbidden(ADMINS_ONLY);
      if (!target) throw notFound(NOT_MEMBER);
      if (!(await underLock(club.id, (trx) => repo.deleteMemberKeepingAnAdmin(trx, club.id, target.userId)))) throw conflict(KEEP_AN_ADMIN);
    },

    /** An admin makes a member admin (to hand over the role, the former admin then steps down). */
    async setRole(userId: number, slug: string, username: string, role: ClubRole): Promise<void> {
      const club = await clubOrGone(slug);
      const target = await repo.memberByUsername(db, club.id, username);
      // An admin may step down themselves; everything else is for admins.
      const selfStepDown = target?.userId === userId && role === 'member';
      if (!selfStepDown && (await repo.roleOf(db, club.id, userId)) !== 'admin') throw forbidden(ADMINS_ONLY);
      if (!target) throw notFound(NOT_MEMBER);
      if (target.role === role) return;
      if (!(await underLock(club.id, (trx) => repo.setRole(trx, club.id, target.userId, role)))) throw conflict(KEEP_AN_ADMIN);
    },

    /** Deletes the club (admins only): every member loses the membership, its ranking and page answer 404. */
    async remove(userId: number, slug: string): Promise<void> {
      const club = await asAdmin(userId, slug);
      await underLock(club.id, async (trx) => {
        await repo.deleteClub(trx, club.id);
        return true;
      });
    },

    async setPlaces(userId: number, slug: string, places: string[]): Promise<void> {
      const club = await asAdmin(userId, slug);
      const placeIds = await resolvePlaces(places);
      await db.transaction().execute((trx) => repo.replacePlaces(trx, club.id, placeIds));
    },

    /**
     * The public club page: members, home places with public flights, the members' public flights
     * of the day and its week, and the season ranking of the members under the instance's league.
     */
    async page(viewerId: number | undefined, slug: string, date = new Date().toISOString().slice(0, 10)): Promise<Club> {
      const club = await clubOrGone(slug);
      const members = await repo.clubMembers(db, club.id);
      const yourRole = members.find((m) => m.userId === viewerId)?.role ?? null;
      const places = [];
      for (const p of await repo.placesOfClub(db, club.id)) {
        const totals = await placeTotals(db, p.id);
        if (totals.flights > 0) places.push({ id: p.publicId, name: await placeName(db, p.id, totals) });
      }
      const week = weekAround(date);
      const weekFlights = await repo.membersFlights(db, club.id, week.from, week.to);
      const season = Number(date.slice(0, 4));
      return {
        slug: club.slug,
        name: club.name,
        places,
        // Members see each other (an admin needs usernames to manage the club); visitors and
        // non-members see by name only members with a public page, the others as a count.
        members: members
          .filter((m) => yourRole || m.publicPage === 1)
          .map((m) => {
            const ref = pilotRef(m);
            return { pilot: { displayName: ref.name, username: yourRole ? m.username : ref.username }, role: m.role, you: m.userId === viewerId };
          }),
        otherMembers: yourRole ? 0 : members.filter((m) => m.publicPage !== 1).length,
        yourRole,
        date,
        weekStart: week.from,
        today: weekFlights.filter((f) => f.localDate === date).map(toFlightRef),
        week: weekFlights.map(toFlightRef),
        season,
        league: config.scoringRules,
        ranking: await rankings.ranking({ season, league: config.scoringRules, clubId: club.id }),
      };
    },
  };
}
