// A small typed event emitter: a part of the chat frame says what happened (live.ts: a person's
// message came, they are typing), and the frame, which subscribes, decides what the others do.

export type Emitter<E> = {
  on<K extends keyof E>(name: K, listener: (value: E[K]) => void): void;
  emit<K extends keyof E>(name: K, value: E[K]): void;
};

export function createEmitter<E>(): Emitter<E> {
  const listeners: { [K in keyof E]?: ((value: E[K]) => void)[] } = {};
  return {
    on(name, listener) {
      (listeners[name] = listeners[name] || []).push(listener);
    },
    emit(name, value) {
      for (const listener of listeners[name] || []) listener(value);
    },
  };
}
