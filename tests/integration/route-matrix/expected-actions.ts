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
const id = (kind: keyof Resources) => (r: Resources) => [{ id: Number(r[kind]) }];
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

  'assistant:getPersonaAction': own(),
  'assistant:savePersonaAction': own(() => [{ ai_name: 'Sage' }]),
  'assistant:getPersonalityAction': own(),
  'assistant:savePersonalityAction': own(empty),
  'assistant:getVoiceAction': own(),
  'assistant:saveVoiceAction': own(empty),
  'assistant:getVocabularyAction': own(),
  'assistant:saveVocabularyAction': own(empty),
  'assistant:availableVoicesAction': own(),
  'assistant:previewVoiceAction': own(() => [{ text: 'Hello' }]),
  'assistant:listSpecialInstructionsAction': own(),
  'assistant:saveSpecialInstructionAction': theirs((r) => [{ id: Number(r.instruction), data: BODIES['POST /special-instructions/'] }]),
  'assistant:deleteSpecialInstructionAction': theirs(id('instruction')),
  'assistant:uploadAvatarAction': own(form('file', 'a.txt', 'not an image')),

  'chatbot:currentKeyAction': own(),
  'chatbot:generateKeyAction': own(),
  'chatbot:internalKeyAction': own(),
  'chatbot:allowedOriginsAction': own(),
  'chatbot:saveAllowedOriginsAction': own(() => [{ origins: [] }]),
  'chatbot:knowledgeSourcesAction': own(),
  'chatbot:allInstructionsAction': own(),
  'chatbot:modelInUseAction': own(),
  'chatbot:widgetStylingAction': own(),
  'chatbot:saveWidgetStylingAction': own(() => [new FormData()]),

  'corrections:listCorrectionsAction': own(),
  'corrections:createCorrectionAction': own(() => [BODIES['POST /corrections/']]),
  'corrections:updateCorrectionAction': theirs((r) => [{ id: Number(r.correction), question: 'Q?', answer: 'A.' }]),
  'corrections:deleteCorrectionAction': theirs(id('correction')),

  'crm:crmSetupAction': own(),
  'crm:createCrmIntegrationAction': own(() => [BODIES['POST /api/crm-integration']]),
  'crm:updateCrmIntegrationAction': own(() => [{ enabled: true }]),
  'crm:saveFieldMappingAction': own(() => [{ field_mapping: {} }]),
  'crm:testCrmIntegrationAction': own(),
  'crm:rotateCrmSecretAction': own(),
  'crm:crmDeliveriesAction': own(empty),
  'crm:replayCrmDeliveryAction': theirs(id('delivery')),

  'knowledge:listActionPromptsAction': own(),
  'knowledge:saveActionPromptAction': theirs((r) => [{ id: Number(r.actionPrompt), data: BODIES['POST /action-prompts/'] }]),
  'knowledge:deleteActionPromptAction': theirs(id('actionPrompt')),
  'knowledge:listWebLinksAction': own(),
  'knowledge:saveWebLinkAction': theirs((r) => [{ id: Number(r.webLink), data: BODIES['POST /web-links/'] }]),
  'knowledge:updateWebLinkInsightsAction': theirs((r) => [{ id: Number(r.webLink), insights_summary: 'Changed' }]),
  'knowledge:deleteWebLinkAction': theirs(id('webLink')),
  'knowledge:generateWebLinkInsightsAction': theirs(id('webLink')),
  'knowledge:manualWebLinkInsightsAction': theirs((r) => [{ id: Number(r.webLink), content: 'Tuition is 12,000 dollars a year.' }]),
  'knowledge:listFilesAction': own(),
  'knowledge:updateFileAction': theirs((r) => [{ id: Number(r.file), name: 'Renamed' }]),
  'knowledge:deleteFileAction': theirs(id('file')),
  'knowledge:generateFileInsightsAction': theirs(id('file')),
  'knowledge:listInterviewsAction': own(),
  'knowledge:saveInterviewAction': theirs((r) => [{ id: Number(r.interview), data: { staff_name: 'Renamed' } }]),
  'knowledge:deleteInterviewAction': theirs(id('interview')),
  'knowledge:startInterviewAction': theirs(id('interview')),
  'knowledge:resetInterviewAction': theirs(id('interview')),

  'lead-gen:leadGenSettingsAction': own(),
  'lead-gen:saveLeadGenSettingsAction': own(empty),

  'leads:leadsAction': own(empty),
  'leads:leadStatsAction': own(empty),
  'leads:createLeadAction': own(() => [{ body: BODIES['POST /leads/'] }]),
  'leads:updateLeadAction': theirs((r) => [{ params: { id: Number(r.lead) }, body: { first_name: 'Changed' } }]),
  'leads:deleteLeadAction': theirs(params('lead')),
  'leads:leadConversationAction': theirs(params('lead')),
  'leads:fieldStatsAction': own(empty),
  'leads:lastExportDateAction': own(),
  'leads:trackExportAction': own(() => [{ body: { to_date: new Date().toISOString() } }]),

  'logging:setupSettingsAction': own(),
  'logging:saveSetupSettingsAction': own(empty),
  'logging:storageStatsAction': own(),
  'logging:cleanupOldDataAction': own(),

  'logs:conversationsAction': own(empty),
  'logs:conversationAction': theirs(id('conversation')),
  'logs:createRatingAction': theirs((r) => [{ conversation_id: Number(r.conversation), message_index: 1, rating: 'poor', admin_notes: 'Probe' }]),
  'logs:updateRatingAction': theirs((r) => [{ id: Number(r.rating), rating: 'poor', admin_notes: 'Changed' }]),
  'logs:deleteRatingAction': theirs(id('rating')),

  'profile:updateProfileAction': own(() => [{ first_name: 'Same', last_name: 'Person', email: 'nobody-else@lantern.test' }]),

  'prospects:prospectsAction': own(empty),
  'prospects:prospectStatsAction': own(),
  'prospects:prospectBatchesAction': own(),
  'prospects:prospectBatchAction': theirs((r) => [{ batch_id: r.batch }]),
  'prospects:createProspectAction': own(() => [BODIES['POST /api/prospects/my-school']]),
  'prospects:updateProspectAction': theirs((r) => [{ id: Number(r.prospect), first_name: 'Changed' }]),
  'prospects:deleteProspectAction': theirs(id('prospect')),
  'prospects:undoBatchAction': theirs((r) => [{ batch_id: r.batch }]),
  'prospects:setProspectFeatureAction': own(() => [{ prospects_enabled: true }], 'superuser'),

  'reports:chatbotReportAction': { may: 'staff', args: (_, school) => [{ school_id: school }], other: 'forbidden' },
  'reports:leadsReportAction': { may: 'staff', args: (_, school) => [{ school_id: school }], other: 'forbidden' },
  'reports:chatbotMultiSchoolReportAction': own(empty, 'superuser'),
  'reports:leadsMultiSchoolReportAction': own(empty, 'superuser'),
  'reports:reportSchoolsAction': own(),

  'scheduler:scheduledTasksAction': own(none, 'superuser'),
  'scheduler:taskExecutionsAction': own(empty, 'superuser'),
  'scheduler:taskStatisticsAction': own(empty, 'superuser'),
  'scheduler:triggerTaskAction': own(() => [{ params: { id: 'no-such-task' } }], 'superuser'),

  'school:createSchoolAction': own(() => [{ name: 'Another School' }]),
  'school:updateSchoolSectionAction': own(() => [{ section: 'basic', data: {} }]),
  'school:uploadLogoAction': own(form('file', 'logo.txt', 'not an image')),
  'school:getFactSheetAction': own(),
  'school:saveFactSheetAction': own(empty),

  'users:listUsersAction': own(empty, 'admin'),
  'users:listSchoolsAction': own(),
  'users:createUserAction': { may: 'admin', args: (_, school) => [{ email: 'made-by-action@lantern.test', username: 'madebyaction', password: STRONG_PASSWORD, first_name: 'M', last_name: 'A', school_id: school }], other: 'forbidden' },
  'users:updateUserAction': theirs((r) => [{ id: Number(r.user), changes: { first_name: 'Changed' } }], 'admin'),
  'users:deleteUserAction': theirs(id('user'), 'admin'),
  'users:setUserPasswordAction': theirs((r) => [{ id: Number(r.user), new_password: 'Fresh-Matrix-Pass-31' }], 'admin'),
};
