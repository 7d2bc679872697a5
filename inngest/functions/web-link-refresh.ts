import { taskFunction } from '../task-function';

export const webLinkRefresh = taskFunction('web_link_refresh');
