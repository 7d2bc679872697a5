// The sign-in dialog's states and transitions, free of React so it can be unit tested.

export type AuthMode = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'select-account' | 'school-access' | 'school-selection';

export type UserAccount = { user_id: number; username: string; role: string; school_id?: number | null; school_name: string | null };
export type SchoolOption = { id: number; name: string };
export type CheckResult = { user_accounts: UserAccount[]; missing_schools: SchoolOption[] };

export const EMPTY_FIELDS = {
  email: '',
  password: '',
  confirm_password: '',
  username: '',
  first_name: '',
  last_name: '',
};
export type Fields = typeof EMPTY_FIELDS;

export type AuthState = {
  open: boolean;
  mode: AuthMode;
  fields: Fields;
  userCount: number | null;
  allowRegistration: boolean;
  accounts: UserAccount[];
  missingSchools: SchoolOption[];
  selectedSchoolIds: number[];
  selectedUserId: number | null;
  resetToken: string | null;
  error: string | null;
  success: string | null;
  /** The session-expired message, shown inside the dialog. */
  notice: string | null;
  busy: boolean;
};

export const initialAuthState: AuthState = {
  open: false,
  mode: 'login',
  fields: EMPTY_FIELDS,
  userCount: null,
  allowRegistration: false,
  accounts: [],
  missingSchools: [],
  selectedSchoolIds: [],
  selectedUserId: null,
  resetToken: null,
  error: null,
  success: null,
  notice: null,
  busy: false,
};

export type AuthEvent =
  | { type: 'open'; mode?: AuthMode; notice?: string | null; error?: string | null; resetToken?: string | null }
  | { type: 'close' }
  | { type: 'switch'; mode: AuthMode }
  | { type: 'advance'; mode: AuthMode; accounts?: UserAccount[] }
  | { type: 'field'; name: keyof Fields; value: string }
  | { type: 'userCount'; count: number; allowRegistration: boolean }
  | { type: 'userCountFailed' }
  | { type: 'busy' }
  | { type: 'failed'; error: string }
  | { type: 'succeeded'; message: string }
  | { type: 'accountsChecked'; result: CheckResult }
  | { type: 'toggleSchool'; id: number }
  | { type: 'selectUser'; id: number }
  | { type: 'resetDone'; message: string };

/** What the dialog does after the check-accounts call. */
export type CheckOutcome = { next: 'school-access' } | { next: 'select-account' } | { next: 'login-as'; userId: number } | { next: 'plain-login' };

export function outcomeOfCheck(result: CheckResult): CheckOutcome {
  if (result.missing_schools.length > 0) return { next: 'school-access' };
  if (result.user_accounts.length > 1) return { next: 'select-account' };
  if (result.user_accounts.length === 1) return { next: 'login-as', userId: result.user_accounts[0]!.user_id };
  return { next: 'plain-login' };
}

const cleared = (state: AuthState, mode: AuthMode): AuthState => ({
  ...state,
  mode,
  fields: EMPTY_FIELDS,
  accounts: [],
  missingSchools: [],
  selectedSchoolIds: [],
  selectedUserId: null,
  error: null,
  success: null,
  busy: false,
});

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'open':
      return {
        ...cleared(state, event.resetToken ? 'reset-password' : (event.mode ?? 'login')),
        open: true,
        notice: event.notice ?? null,
        error: event.error ?? null,
        resetToken: event.resetToken ?? state.resetToken,
      };
    case 'close':
      return { ...cleared(state, 'login'), open: false, notice: null, resetToken: null };
    case 'switch':
      return { ...cleared(state, event.mode), notice: event.mode === 'login' ? state.notice : null };
    case 'advance':
      // A step within one sign-in (school access → school selection): the credentials stay.
      return { ...state, mode: event.mode, busy: false, error: null, accounts: event.accounts ?? state.accounts, selectedUserId: null };
    case 'field':
      return { ...state, fields: { ...state.fields, [event.name]: event.value }, error: null };
    case 'userCount': {
      const allowRegistration = event.allowRegistration;
      // Zero users: the dialog becomes the first-run setup, unless it was opened for a reset link.
      const mode = event.count === 0 && state.mode === 'login' ? 'register' : state.mode;
      return { ...state, userCount: event.count, allowRegistration, mode };
    }
    case 'userCountFailed':
      // Assume users exist and registration is closed.
      return { ...state, userCount: null, allowRegistration: false, mode: state.mode === 'register' ? 'login' : state.mode };
    case 'busy':
      return { ...state, busy: true, error: null, success: null };
    case 'failed':
      return { ...state, busy: false, error: event.error };
    case 'succeeded':
      return { ...state, busy: false, error: null, success: event.message };
    case 'accountsChecked': {
      const outcome = outcomeOfCheck(event.result);
      const base = { ...state, busy: false, error: null, accounts: event.result.user_accounts, missingSchools: event.result.missing_schools };
      if (outcome.next === 'school-access') return { ...base, mode: 'school-access', selectedSchoolIds: [] };
      if (outcome.next === 'select-account') return { ...base, mode: 'select-account', selectedUserId: null };
      return base;
    }
    case 'toggleSchool': {
      const has = state.selectedSchoolIds.includes(event.id);
      return { ...state, error: null, selectedSchoolIds: has ? state.selectedSchoolIds.filter((id) => id !== event.id) : [...state.selectedSchoolIds, event.id] };
    }
    case 'selectUser':
      return { ...state, error: null, selectedUserId: event.id };
    case 'resetDone':
      return { ...cleared(state, 'login'), resetToken: null, success: event.message };
  }
}

export function dialogTitle(state: Pick<AuthState, 'mode' | 'userCount'>): string {
  switch (state.mode) {
    case 'login':
      return 'Welcome Back';
    case 'register':
      return state.userCount === 0 ? 'Initial Setup' : 'Create Account';
    case 'forgot-password':
      return 'Reset Password';
    case 'reset-password':
      return 'Set New Password';
    case 'select-account':
      return 'Choose an Account';
    case 'school-access':
      return 'School Access';
    case 'school-selection':
      return 'Choose a School';
  }
}

export const isAdminRole = (role: string) => role === 'admin' || role === 'superuser';
