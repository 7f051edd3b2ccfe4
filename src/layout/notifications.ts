/** The site's notifications (toasts): which show, for how long, and in what order. Toaster.tsx draws them. */

/** A notification, as the forms describe them in config/forms/ (toasts). */
export interface Notification {
  readonly type: 'success' | 'error';
  readonly title: string;
  readonly description: string;
}

/** A notification on screen. `closing` ones are on their way out (fading, then removed). */
export interface ShownNotification extends Notification {
  /** Unique on the page: the toast's element ids are built from it. */
  readonly id: number;
  readonly closing: boolean;
}

export interface NotificationSettings {
  /** How many show at once; a new one beyond that removes the oldest at once. */
  readonly maxVisible: number;
  /** How long each stays, unless the visitor is reading it (pointer or focus on it) or the page is hidden. */
  readonly durationMs: number;
  /** How long a closing one takes to fade before it is removed. */
  readonly exitMs: number;
}

interface Entry extends Notification {
  readonly id: number;
  closing: boolean;
  /** Time left before it closes, counted only while not paused. */
  remaining: number;
  startedAt: number;
  timer?: ReturnType<typeof setTimeout>;
}

const sameNotification = (a: Notification, b: Notification) =>
  a.type === b.type && a.title === b.title && a.description === b.description;

/**
 * Notifications and their timers. One the same as a notification on screen starts that one's time again instead of
 * queueing another, so five clicks on submit with a field missing show one toast, not five in a row.
 */
export class NotificationList {
  private entries: Entry[] = [];
  private shown: readonly ShownNotification[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly pausedBy = new Set<string>();
  private nextId = 1;

  constructor(private readonly settings: NotificationSettings) {}

  /** The notifications on screen, newest first; the same array until something changes. */
  readonly current = (): readonly ShownNotification[] => this.shown;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  show(notification: Notification): void {
    const same = this.entries.find((entry) => !entry.closing && sameNotification(entry, notification));
    if (same) {
      this.time(same, this.settings.durationMs);
      return;
    }
    const entry: Entry = {
      ...notification,
      id: this.nextId++,
      closing: false,
      remaining: this.settings.durationMs,
      startedAt: 0,
    };
    this.entries.unshift(entry);
    // Never more than maxVisible on the page, even for the moment one would take to fade.
    for (const oldest of this.entries.slice(this.settings.maxVisible)) clearTimeout(oldest.timer);
    this.entries = this.entries.slice(0, this.settings.maxVisible);
    this.time(entry, entry.remaining);
    this.changed();
  }

  /** Closes one: it fades, then leaves the page. */
  close(id: number): void {
    const entry = this.entries.find((candidate) => candidate.id === id);
    if (!entry || entry.closing) return;
    clearTimeout(entry.timer);
    entry.closing = true;
    entry.timer = setTimeout(() => {
      this.entries = this.entries.filter((candidate) => candidate !== entry);
      this.changed();
    }, this.settings.exitMs);
    this.changed();
  }

  /** Stops every notification's time while `reason` holds (the page hidden, the pointer or focus on them). */
  pause(reason: string): void {
    if (this.pausedBy.size === 0) {
      for (const entry of this.entries) {
        if (entry.closing) continue;
        clearTimeout(entry.timer);
        entry.remaining -= Date.now() - entry.startedAt;
      }
    }
    this.pausedBy.add(reason);
  }

  resume(reason: string): void {
    if (!this.pausedBy.delete(reason) || this.pausedBy.size > 0) return;
    for (const entry of this.entries) if (!entry.closing) this.time(entry, entry.remaining);
  }

  /** Removes every notification at once (a test's clean slate); what pauses the time still does. */
  clear(): void {
    for (const entry of this.entries) clearTimeout(entry.timer);
    this.entries = [];
    this.changed();
  }

  private time(entry: Entry, remaining: number): void {
    clearTimeout(entry.timer);
    entry.remaining = remaining;
    entry.startedAt = Date.now();
    if (this.pausedBy.size === 0) entry.timer = setTimeout(() => this.close(entry.id), Math.max(0, remaining));
  }

  private changed(): void {
    this.shown = this.entries.map(({ type, title, description, id, closing }) => ({
      type,
      title,
      description,
      id,
      closing,
    }));
    for (const listener of this.listeners) listener();
  }
}
