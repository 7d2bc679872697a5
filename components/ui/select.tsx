import { useId, type SelectHTMLAttributes } from 'react';
import { inputClass } from './field';

export function SelectField({ label, hint, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={props.id ?? id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={props.id ?? id} className={inputClass} aria-describedby={hint ? hintId : undefined} {...props}>
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
