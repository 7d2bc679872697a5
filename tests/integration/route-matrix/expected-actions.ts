import { STRONG_PASSWORD } from '../http';
import { BODIES, type Resources } from './fixtures';

/**
 * The reviewed table of every `'use server'` export in app/actions/*.ts, keyed
 * `file:export`. server-actions.test.ts scans the files and fails on an export with no row.
 *
 * - `may`: who may act ('staff' = any account of the school; the same rules as the REST table).
 * - `args(r, school)`: arguments naming the records `r` of `school` (the caller's own for the role
 *   check, another school's for the tenancy check).
 * - `other`: what a session of another school gets when it names that school's records:
 *   'not_found' (the record is not theirs), 'forbidden' (another school's id in a query, decisions.md),
 *   or 'own' (the action takes no ids and acts on the caller's own school: the other school's data
 *   must read back unchanged).
 */
export type ActionRow = { may: 'staff' | 'admin' | 'superuser'; args: (r: Resources, school: number) => unknown[]; other: 'not_found' | 'forbidden' | 'own' };

const none = () => [];
const empty = () => [{}];
/** The arguments of an action made with actionFor: the record's id as the path parameter. */
const params = (kind: keyof Resources) => (r: Resources) => [{ params: { id: Number(r[kind]) } }];
const own = (args: (r: Resources, school: number) => unknown[] = none, may: ActionRow['may'] = 'staff'): ActionRow => ({ may, args, other: 'own' });
const theirs = (args: (r: Resources, school: number) => unknown[], may: ActionRow['may'] = 'staff'): ActionRow => ({ may, args, other: 'not_found' });

const form = (field: string, name: string, bytes: string) => () => {
  const f = new FormData();
  f.append(field, new Blob([bytes]), name);
  return [f];
};

export const EXPECTED_ACTIONS: Record<string, ActionRow> = {
  'analytics:analyticsSummaryAction': own(),
  'analytics:conversationAnalyticsAction': own(empty),
  'analytics:generateDailyStatsAction': own(empty),
  'analytics:unansweredQuestionsAction': own(empty),

  'audit:auditLogAction': own(empty, 'admin'),

  // Privacy requests: the school's administrators; another school's lead id is no lead of theirs.
  'privacy:erasePersonAction': theirs((r) => [{ body: { lead_id: Number(r.lead) } }], 'admin'),
  'privacy:erasuresAction': own(none, 'admin'),
  'privacy:erasureAction': theirs(params('erasure'), 'admin'),
  'privacy:subjectDataAction': theirs((r) => [{ query: { lead_id: Number(r.lead) } }], 'admin'),
  'privacy:retentionAction': own(none, 'admin'),
  // Single sign-on: the school's administrators; a save whose provider does not answer is theirs to fix (422).
  'sso:ssoConnectionAction': own(none, 'admin'),
  'sso:saveSsoConnectionAction': own(() => [{ body: { protocol: 'oidc', issuer: 'http://127.0.0.1:1/none', client_id: 'c', client_secret: 's', email_domains: ['actions.example.edu'] } }], 'admin'),
  'sso:deleteSsoConnectionAction': own(none, 'admin'),
  'sso:scimTokenStatusAction': own(none, 'admin'),
  'sso:createScimTokenAction': own(none, 'admin'),
  'sso:revokeScimTokenAction': own(none, 'admin'),
  'privacy:saveRetentionAction': own(() => [{ body: { lead_retention_days: null, prospect_retention_days: null } }], 'admin'),

  'assistant:getPersonaAction': own(),
  'assistant:savePersonaAction': own(() => [{ body: { ai_name: 'Sage' } }]),
  'assistant:getPersonalityAction': own(),
  'assistant:savePersonalityAction': own(() => [{ body: {} }]),
  'assistant:getVoiceAction': own(),
  'assistant:saveVoiceAction': own(() => [{ body: {} }]),
  'assistant:getVocabularyAction': own(),
  'assistant:saveVocabularyAction': own(() => [{ body: {} }]),
  'assistant:availableVoicesAction': own(),
  'assistant:previewVoiceAction': own(() => [{ body: { text: 'Hello' } }]),
  'assistant:listSpecialInstructionsAction': own(),
  'assistant:saveSpecialInstructionAction': theirs((r) => [{ id: Number(r.instruction), data: BODIES['POST /special-instructions/'] }]),
  'assistant:deleteSpecialInstructionAction': theirs(params('instruction')),
  'assistant:uploadAvatarAction': own(form('file', 'a.txt', 'not an image')),

  'chatbot:currentKeyAction': own(),
  'chatbot:generateKeyAction': own(),
  'chatbot:internalKeyAction': own(),
  'chatbot:allowedOriginsAction': own(),
  'chatbot:saveAllowedOriginsAction': own(() => [{ body: { allowed_origins: [] } }]),
  'chatbot:knowledgeSourcesAction': own(),
  'chatbot:allInstructionsAction': own(),
  'chatbot:modelInUseAction': own(),
  'chatbot:widgetStylingAction': own(),
  'chatbot:saveWidgetStylingAction': own(() => [new FormData()]),

  'corrections:listCorrectionsAction': own(),
  'corrections:createCorrectionAction': own(() => [{ body: BODIES['POST /corrections/'] }]),
  'corrections:updateCorrectionAction': theirs((r) => [{ params: { id: Number(r.correction) }, body: { question: 'Q?', answer: 'A.' } }]),
  'corrections:deleteCorrectionAction': theirs(params('correction')),

  'crm:crmSetupAction': own(),
  'crm:createCrmIntegrationAction': own(() => [{ body: BODIES['POST /api/crm-integration'] }]),
  'crm:updateCrmIntegrationAction': own(() => [{ body: { enabled: true } }]),
  'crm:saveFieldMappingAction': own(() => [{ field_mapping: {} }]),
  'crm:testCrmIntegrationAction': own(),
  'crm:rotateCrmSecretAction': own(),
  'crm:crmDeliveriesAction': own(empty),
  'crm:replayCrmDeliveryAction': theirs(params('delivery')),
  'crm:unsentLeadsAction': own(empty),
  'crm:sendExistingLeadsAction': own(empty),

  'knowledge:listActionPromptsAction': own(),
  'knowledge:saveActionPromptAction': theirs((r) => [{ id: Number(r.actionPrompt), data: BODIES['POST /action-prompts/'] }]),
  'knowledge:deleteActionPromptAction': theirs(params('actionPrompt')),
  'knowledge:listWebLinksAction': own(),
  'knowledge:saveWebLinkAction': theirs((r) => [{ id: Number(r.webLink), data: BODIES['POST /web-links/'] }]),
  'knowledge:updateWebLinkInsightsAction': theirs((r) => [{ id: Number(r.webLink), insights_summary: 'Changed' }]),
  'knowledge:deleteWebLinkAction': theirs(params('webLink')),
  'knowledge:generateWebLinkInsightsAction': theirs(params('webLink')),
  'knowledge:manualWebLinkInsightsAction': theirs((r) => [{ params: { id: Number(r.webLink) }, body: { content: 'Tuition is 12,000 dollars a year.' } }]),
  'knowledge:listFilesAction': own(),
  'knowledge:updateFileAction': theirs((r) => [{ params: { id: Number(r.file) }, body: { name: 'Renamed' } }]),
  'knowledge:deleteFileAction': theirs(params('file')),
  'knowledge:generateFileInsightsAction': theirs(params('file')),
  'knowledge:listInterviewsAction': own(),
  'knowledge:saveInterviewAction': theirs((r) => [{ id: Number(r.interview), data: { staff_name: 'Renamed' } }]),
  'knowledge:deleteInterviewAction': theirs(params('interview')),
  'knowledge:startInterviewAction': theirs(params('interview')),
  'knowledge:resetInterviewAction': theirs(params('interview')),

  'lead-gen:leadGenSettingsAction': own(),
  'lead-gen:saveLeadGenSettingsAction': own(() => [{ body: {} }]),

  'leads:leadsAction': own(empty),
  'leads:leadStatsAction': own(empty),
  'leads:createLeadAction': own(() => [{ body: BODIES['POST /leads/'] }]),
  'leads:updateLeadAction': theirs((r) => [{ params: { id: Number(r.lead) }, body: { first_name: 'Changed' } }]),
  'leads:deleteLeadAction': theirs(params('lead')),
  'leads:leadConversationAction': theirs(params('lead')),
  'leads:fieldStatsAction': own(empty),
  'leads:lastExportDateAction': own(),
  'leads:trackExportAction': own(() => [{ body: { to_date: new Date().toISOString() } }]),

  'live:liveSettingsAction': own(),
  'live:saveLiveSettingsAction': own(() => [{ body: BODIES['PUT /live/settings'] }]),
  'live:setAvailabilityAction': own(() => [{ body: BODIES['PUT /live/availability'] }]),
  'live:myAvailabilityAction': own(),
  'live:waitingCountAction': own(),
  'live:liveConversationsAction': own(empty),
  'live:liveConversationAction': theirs(params('liveConversation')),
  'live:joinLiveAction': theirs(params('liveConversation')),
  'live:postLiveMessageAction': theirs((r) => [{ params: { id: Number(r.liveConversation) }, body: BODIES['POST /live/conversations/{id}/messages'] }]),
  'live:leaveLiveAction': theirs(params('liveConversation')),
  'live:closeLiveAction': theirs(params('liveConversation')),
  'live:liveTypingAction': theirs(params('liveConversation')),
  'live:closeAllWaitingAction': own(empty),
  'live:editLiveDetailsAction': theirs((r) => [{ params: { id: Number(r.liveConversation) }, body: BODIES['PUT /live/conversations/{id}/details'] }]),
  'live:savedRepliesAction': own(),
  'live:createSavedReplyAction': own(() => [{ body: { title: `Reply ${Math.random().toString(36).slice(2, 8)}`, text: 'Hello!' } }]),
  'live:updateSavedReplyAction': theirs((r) => [{ params: { id: Number(r.savedReply) }, body: BODIES['PUT /live/saved-replies/{id}'] }]),
  'live:deleteSavedReplyAction': theirs(params('savedReply')),

  'logging:setupSettingsAction': own(),
  'logging:saveSetupSettingsAction': own(() => [{ body: {} }]),
  'logging:storageStatsAction': own(),
  'logging:cleanupOldDataAction': own(),

  'logs:conversationsAction': own(empty),
  'logs:conversationAction': theirs(params('conversation')),
  'logs:createRatingAction': theirs((r) => [{ body: { conversation_id: Number(r.conversation), message_index: 1, rating: 'poor', admin_notes: 'Probe' } }]),
  'logs:updateRatingAction': theirs((r) => [{ params: { id: Number(r.rating) }, body: { rating: 'poor', admin_notes: 'Changed' } }]),
  'logs:deleteRatingAction': theirs(params('rating')),

  'profile:updateProfileAction': own(() => [{ body: { first_name: 'Same', last_name: 'Person', email: 'nobody-else@lantern.test' } }]),

  'prospects:prospectsAction': own(empty),
  'prospects:prospectStatsAction': own(),
  'prospects:prospectBatchesAction': own(),
  'prospects:prospectBatchAction': theirs((r) => [{ params: { batch_id: r.batch } }]),
  'prospects:createProspectAction': own(() => [{ body: BODIES['POST /api/prospects/my-school'] }]),
  'prospects:updateProspectAction': theirs((r) => [{ params: { id: Number(r.prospect) }, body: { first_name: 'Changed' } }]),
  'prospects:deleteProspectAction': theirs(params('prospect')),
  'prospects:undoBatchAction': theirs((r) => [{ params: { batch_id: r.batch } }]),
  'prospects:setProspectFeatureAction': own(() => [{ prospects_enabled: true }], 'superuser'),

  'reports:chatbotReportAction': { may: 'staff', args: (_, school) => [{ query: { school_id: school } }], other: 'forbidden' },
  'reports:leadsReportAction': { may: 'staff', args: (_, school) => [{ query: { school_id: school } }], other: 'forbidden' },
  'reports:chatbotMultiSchoolReportAction': own(empty, 'superuser'),
  'reports:leadsMultiSchoolReportAction': own(empty, 'superuser'),
  'reports:reportSchoolsAction': own(),

  'scheduler:scheduledTasksAction': own(none, 'superuser'),
  'scheduler:taskExecutionsAction': own(empty, 'superuser'),
  'scheduler:taskStatisticsAction': own(empty, 'superuser'),
  'scheduler:triggerTaskAction': own(() => [{ params: { id: 'no-such-task' } }], 'superuser'),

  'school:createSchoolAction': own(() => [{ body: { name: 'Another School' } }]),
  'school:updateSchoolSectionAction': own(() => [{ section: 'basic', data: {} }]),
  'school:uploadLogoAction': own(form('file', 'logo.txt', 'not an image')),
  'school:getFactSheetAction': own(),
  'school:saveFactSheetAction': own(() => [{ body: {} }]),

  'users:listUsersAction': own(empty, 'admin'),
  'users:listSchoolsAction': own(),
  'users:createUserAction': { may: 'admin', args: (_, school) => [{ body: { email: 'made-by-action@lantern.test', username: 'madebyaction', password: STRONG_PASSWORD, first_name: 'M', last_name: 'A', school_id: school } }], other: 'forbidden' },
  'users:updateUserAction': theirs((r) => [{ params: { id: Number(r.user) }, body: { first_name: 'Changed' } }], 'admin'),
  'users:deleteUserAction': theirs(params('user'), 'admin'),
  'users:setUserPasswordAction': theirs((r) => [{ params: { id: Number(r.user) }, body: { new_password: 'Fresh-Matrix-Pass-31' } }], 'admin'),
};
