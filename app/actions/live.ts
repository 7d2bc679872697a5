'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { staffTyping } from '@/lib/live/signals';
import { closeAllWaiting, endLive, joinLive, listLive, liveConversation, postStaffMessage, waitingCount } from '@/lib/live/conversations';
import { editLiveDetails } from '@/lib/live/details';
import { liveOperations } from '@/lib/live/operations';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '@/lib/live/saved-replies';
import { liveSettings, myAvailability, saveLiveSettings, setAvailability } from '@/lib/live/settings';

// Live chat: the Live Chat tab (GET/PUT /live/settings), the Live view (availability, the lists, one
// conversation, join, write, hand back, close, the visitor's details, saved replies) and the header's
// waiting count, as server actions.
// The Live view's events come from GET /live/stream (the staff session is accepted there).
const none = z.undefined();

export const liveSettingsAction = actionFor(liveOperations.getSettings, ({ ctx }) => liveSettings(ctx));
export const saveLiveSettingsAction = actionFor(liveOperations.putSettings, ({ ctx, body }) => saveLiveSettings(ctx, body));
export const setAvailabilityAction = actionFor(liveOperations.availability, ({ ctx, body }) => setAvailability(ctx, body.available));
export const myAvailabilityAction = async () => staffAction(none, undefined, (ctx) => myAvailability(ctx));
export const waitingCountAction = actionFor(liveOperations.waiting, ({ ctx }) => waitingCount(ctx));
export const liveConversationsAction = actionFor(liveOperations.list, ({ ctx, query }) => listLive(ctx, query.status));
export const liveConversationAction = actionFor(liveOperations.get, ({ ctx, params }) => liveConversation(ctx, params.id));
export const joinLiveAction = actionFor(liveOperations.join, ({ ctx, params }) => joinLive(ctx, params.id));
export const postLiveMessageAction = actionFor(liveOperations.message, ({ ctx, params, body }) => postStaffMessage(ctx, params.id, body.text));
export const liveTypingAction = actionFor(liveOperations.typing, ({ ctx, params }) => staffTyping(ctx, params.id));
export const leaveLiveAction = actionFor(liveOperations.leave, ({ ctx, params }) => endLive(ctx, params.id, 'leave'));
export const closeLiveAction = actionFor(liveOperations.close, ({ ctx, params }) => endLive(ctx, params.id, 'close'));
export const closeAllWaitingAction = actionFor(liveOperations.closeWaiting, ({ ctx }) => closeAllWaiting(ctx));
export const editLiveDetailsAction = actionFor(liveOperations.details, ({ ctx, params, body }) => editLiveDetails(ctx, params.id, body));
export const savedRepliesAction = actionFor(liveOperations.listReplies, ({ ctx }) => listSavedReplies(ctx));
export const createSavedReplyAction = actionFor(liveOperations.createReply, ({ ctx, body }) => createSavedReply(ctx, body));
export const updateSavedReplyAction = actionFor(liveOperations.updateReply, ({ ctx, params, body }) => updateSavedReply(ctx, params.id, body));
export const deleteSavedReplyAction = actionFor(liveOperations.deleteReply, ({ ctx, params }) => deleteSavedReply(ctx, params.id));
