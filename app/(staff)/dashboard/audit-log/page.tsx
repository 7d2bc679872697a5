import { AuditLogScreen } from '@/components/audit/audit-log-screen';
import { screenMetadata, staffScreen } from '@/app/(staff)/staff-screen';
import { auditFilterChoices } from '@/lib/audit/service';

export const metadata = screenMetadata('audit-log');

export default staffScreen('audit-log', async (ctx) => <AuditLogScreen superuser={ctx.role === 'superuser'} choices={await auditFilterChoices(ctx)} />);
