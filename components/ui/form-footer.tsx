import { Button } from './button';

/**
 * The Cancel / Save row under every form and dialog. Without `onSubmit` the main button submits the
 * form it sits in; `busyLabel` replaces the label while the work runs. No Cancel without `onCancel`.
 */
export function FormFooter({
  label,
  onCancel,
  onSubmit,
  busy = false,
  busyLabel,
  className = '',
}: {
  label: string;
  onCancel?: () => void;
  onSubmit?: () => void;
  busy?: boolean;
  busyLabel?: string;
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-3 ${className}`}>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} disabled={busy}>
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </div>
  );
}
