import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** The label stays exactly the field's name; the required mark sits beside it, hidden from assistive technology. */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <div className="flex gap-0.5 text-sm font-medium text-slate-800 dark:text-slate-200">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          *
        </span>
      )}
    </div>
  );
}

/** A labelled input; the label is always present for assistive technology. */
export function TextField({ label, hint, children, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={props.id ?? id} label={label} required={props.required} />
      <input id={props.id ?? id} className={inputClass} {...props} />
      {hint && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
      {children}
    </div>
  );
}

export function TextArea({ label, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={props.id ?? id} label={label} required={props.required} />
      <textarea id={props.id ?? id} className={inputClass} {...props} />
    </div>
  );
}
