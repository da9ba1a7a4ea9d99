// A blog's members through the query cache, kept live by `members:{blog}`, and the calls that
// change them, each writing its answer into the same entry.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/ApiProvider';
import {
  convertToGroup,
  fetchGroupMembers,
  inviteToGroup,
  leaveGroup,
  removeMember,
  setMemberRole,
  withdrawInvite,
} from '../../api/groupEndpoints';
import type { GroupMember, GroupMembers, GroupRole } from '../../api/groupModels';
import { loadError } from '../../api/queryClient';
import { channel, useChannel, usePollingFallback } from '../../api/realtime';
import { useBlogsDispatch } from '../blogs';
import { useSession } from '../session';

/** How often the members are read while the socket is down (it tells every change live). */
const MEMBERS_POLL_MS = 30_000;

export interface GroupMembersControl {
  /** Undefined until the first answer. */
  members: GroupMembers | undefined;
  /** Why the members could not be read. */
  error: string | null;
  retry(): void;
  /** Each call rejects with the server's reason (an ApiError), for the control that made it to show. */
  invite(blog: string): Promise<void>;
  withdraw(blog: string): Promise<void>;
  remove(member: string): Promise<void>;
  setRole(member: string, role: GroupRole): Promise<void>;
  leave(): Promise<void>;
  /** Makes the blog (one of the user's) a group of one, the user known in it by `as`. */
  convert(as: string | undefined): Promise<void>;
}

const membersKey = (blog: string) => ['groupMembers', blog];

/**
 * The members as a role change or a removal answered them: the viewer's own role is read
 * from their row, and an admin no longer sees the invitations once they are not one.
 */
function withMembers(known: GroupMembers, members: GroupMember[]): GroupMembers {
  const yourRole = members.find((m) => m.isYou)?.role ?? null;
  return { ...known, members, yourRole, invites: yourRole === 'admin' ? known.invites : [] };
}

export function useGroupMembers(blog: string): GroupMembersControl {
  const api = useApi();
  const queryClient = useQueryClient();
  const dispatch = useBlogsDispatch();
  const { refresh: refreshUser } = useSession();
  const key = membersKey(blog);
  const load = useQuery({ queryKey: key, queryFn: () => fetchGroupMembers(api, blog) });
  const reload = () => void load.refetch();

  // Every change is heard here, the viewer's own included: the list is read again.
  useChannel(
    channel.members(blog),
    (event) => {
      if (event.event !== 'members') return;
      dispatch({ type: 'memberCountSet', name: blog, memberCount: event.data.memberCount });
      reload();
    },
    reload,
  );
  usePollingFallback(() => load.refetch(), MEMBERS_POLL_MS, { enabled: load.data !== undefined, resetKey: blog });

  // The user model lists the groups the user writes, with their role in each (the account
  // menu, the composer's blogs): once the viewer's role here changes (they joined, left, were
  // removed, promoted, or made the blog a group), it is read again.
  const yourRole = load.data?.yourRole;
  const seenRole = useRef<{ blog: string; role: GroupRole | null } | null>(null);
  useEffect(() => {
    if (yourRole === undefined) return;
    const seen = seenRole.current;
    seenRole.current = { blog, role: yourRole };
    if (seen && seen.blog === blog && seen.role !== yourRole) void refreshUser();
  }, [blog, yourRole, refreshUser]);

  const update = (change: (known: GroupMembers) => GroupMembers) =>
    queryClient.setQueryData<GroupMembers>(key, (known) => known && change(known));

  return {
    members: load.data,
    error: loadError(load),
    retry: reload,
    invite: async (invited) => {
      const invite = await inviteToGroup(api, blog, invited);
      update((known) => ({
        ...known,
        invites: [...known.invites.filter((i) => i.blog.name !== invite.blog.name), invite],
      }));
    },
    withdraw: async (invited) => {
      const invites = await withdrawInvite(api, blog, invited);
      update((known) => ({ ...known, invites }));
    },
    remove: async (member) => {
      const members = await removeMember(api, blog, member);
      update((known) => withMembers(known, members));
    },
    setRole: async (member, role) => {
      const members = await setMemberRole(api, blog, member, role);
      update((known) => withMembers(known, members));
    },
    leave: async () => {
      await leaveGroup(api, blog);
      await load.refetch();
    },
    convert: async (as) => {
      // The blog's own model says it is a group now (its member count, the user's role).
      dispatch({ type: 'received', blogs: [await convertToGroup(api, blog, as)] });
      await load.refetch();
    },
  };
}
