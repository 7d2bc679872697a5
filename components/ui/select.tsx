import { useId, type SelectHTMLAttributes } from 'react';
import { inputClass } from './field';

export function SelectField({ label, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={props.id ?? id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={props.id ?? id} className={inputClass} {...props}>
        {children}
      </select>
    </div>
  );
}
