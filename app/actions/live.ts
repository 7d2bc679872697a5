'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { liveOperations } from '@/lib/live/operations';
import { myAvailability } from '@/lib/live/settings';

// Live chat: the Live Chat tab (GET/PUT /live/settings), the Live view (availability, the lists, one
// conversation, join, write, hand back, close, the visitor's details, saved replies) and the header's
// waiting count, as server actions.
// The Live view's events come from GET /live/stream (the staff session is accepted there).
const none = z.undefined();

export const liveSettingsAction = actionFor(liveOperations.getSettings);
export const saveLiveSettingsAction = actionFor(liveOperations.putSettings);
export const setAvailabilityAction = actionFor(liveOperations.availability);
export const myAvailabilityAction = async () => staffAction(none, undefined, (ctx) => myAvailability(ctx));
export const waitingCountAction = actionFor(liveOperations.waiting);
export const liveConversationsAction = actionFor(liveOperations.list);
export const liveConversationAction = actionFor(liveOperations.get);
export const joinLiveAction = actionFor(liveOperations.join);
export const postLiveMessageAction = actionFor(liveOperations.message);
export const liveTypingAction = actionFor(liveOperations.typing);
export const leaveLiveAction = actionFor(liveOperations.leave);
export const closeLiveAction = actionFor(liveOperations.close);
export const closeAllWaitingAction = actionFor(liveOperations.closeWaiting);
export const editLiveDetailsAction = actionFor(liveOperations.details);
export const savedRepliesAction = actionFor(liveOperations.listReplies);
export const createSavedReplyAction = actionFor(liveOperations.createReply);
export const updateSavedReplyAction = actionFor(liveOperations.updateReply);
export const deleteSavedReplyAction = actionFor(liveOperations.deleteReply);
