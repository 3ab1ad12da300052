// Each person's notification preferences: a channel switched away from its category's default
// is a row; a locked category or a channel not offered cannot be changed.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import {
  CATEGORIES,
  CATEGORY_RULES,
  isCategory,
  JOB_ALERT_FREQUENCIES,
  type Category,
  type Channel,
  type JobAlertFrequency,
} from './categories.ts';
import type { Directory } from './directory.ts';
import type { Sql } from './sql.ts';
import { toLocale } from './templates/index.ts';

export interface CategoryPreference {
  category: Category;
  /** null: the category does not offer the channel. */
  channels: Record<Channel, boolean | null>;
  locked: boolean;
}

export interface PreferencesView {
  preferences: CategoryPreference[];
  jobAlertFrequency: JobAlertFrequency;
  emailVerified: boolean;
}

export interface PreferenceChange {
  category: string;
  channels: Partial<Record<Channel, boolean>>;
}

export interface Settings {
  locale: 'fa' | 'en';
  jobAlertFrequency: JobAlertFrequency;
}

export class Preferences {
  constructor(
    private readonly db: Sql,
    private readonly directory: Directory,
  ) {}

  async settings(sql: Sql, userId: string): Promise<Settings> {
    const { rows } = await sql.query<{ locale: string; job_alert_frequency: JobAlertFrequency }>(
      `SELECT locale, job_alert_frequency FROM settings WHERE user_id = $1`,
      [userId],
    );
    return {
      locale: toLocale(rows[0]?.locale),
      jobAlertFrequency: rows[0]?.job_alert_frequency ?? 'daily',
    };
  }

  /** Every category's channels for the user, defaults overlaid with the user's switches. */
  async channels(sql: Sql, userId: string): Promise<Map<Category, Record<Channel, boolean | null>>> {
    const { rows } = await sql.query<{ category: string; channel: Channel; enabled: boolean }>(
      `SELECT category, channel, enabled FROM preferences WHERE user_id = $1`,
      [userId],
    );
    const result = new Map<Category, Record<Channel, boolean | null>>();
    for (const category of CATEGORIES) {
      const { defaults, locked } = CATEGORY_RULES[category];
      const channels: Record<Channel, boolean | null> = {
        sms: defaults.sms ?? null,
        email: defaults.email ?? null,
        in_app: defaults.in_app ?? null,
      };
      if (!locked)
        for (const row of rows)
          if (row.category === category && channels[row.channel] !== null) channels[row.channel] = row.enabled;
      result.set(category, channels);
    }
    return result;
  }

  async view(userId: string): Promise<PreferencesView> {
    const [channels, settings, contact] = await Promise.all([
      this.channels(this.db, userId),
      this.settings(this.db, userId),
      this.directory.contact(this.db, userId),
    ]);
    return {
      preferences: CATEGORIES.map((category) => ({
        category,
        channels: channels.get(category)!,
        locked: CATEGORY_RULES[category].locked,
      })),
      jobAlertFrequency: settings.jobAlertFrequency,
      emailVerified: Boolean(contact.email),
    };
  }

  async update(
    userId: string,
    changes: PreferenceChange[],
    jobAlertFrequency: string | undefined,
  ): Promise<PreferencesView> {
    const writes: Array<[Category, Channel, boolean]> = [];
    let invalid = false;
    for (const change of changes) {
      if (!isCategory(change.category)) {
        invalid = true;
        continue;
      }
      const rule = CATEGORY_RULES[change.category];
      for (const [channel, enabled] of Object.entries(change.channels) as Array<[Channel, boolean | undefined]>) {
        if (enabled === undefined) continue;
        const offered = rule.defaults[channel];
        if (offered === undefined || (rule.locked && enabled !== offered)) invalid = true;
        else writes.push([change.category, channel, enabled]);
      }
    }
    if (jobAlertFrequency && !(JOB_ALERT_FREQUENCIES as readonly string[]).includes(jobAlertFrequency)) invalid = true;
    if (invalid) throw new DomainError('EXC_NOTIFICATIONS_PREFERENCE_IS_INVALID');
    for (const [category, channel, enabled] of writes) {
      await this.db.query(
        `INSERT INTO preferences (user_id, category, channel, enabled) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, category, channel) DO UPDATE SET enabled = EXCLUDED.enabled`,
        [userId, category, channel, enabled],
      );
    }
    if (jobAlertFrequency)
      await this.db.query(
        `INSERT INTO settings (user_id, job_alert_frequency) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET job_alert_frequency = EXCLUDED.job_alert_frequency`,
        [userId, jobAlertFrequency],
      );
    return this.view(userId);
  }
}
