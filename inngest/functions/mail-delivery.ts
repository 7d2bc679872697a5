import { taskFunction } from '../task-function';

export const mailDelivery = taskFunction('mail_delivery');
