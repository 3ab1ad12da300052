// The service's copies of other services' facts, learned from their events (event-carried
// state): who a user is reached at, an employer's slug and owner, its agents and their
// permissions, a resume's slug and owner.
import type { Sql } from './sql.ts';

export interface EmployerCopy {
  id: string;
  slug: string;
  brand: string;
  ownerUserId: string;
}

export interface Contact {
  cellphone: string | null;
  email: string | null;
}

export class Directory {
  async learnCellphone(sql: Sql, userId: string, cellphone: string, at: number): Promise<void> {
    await sql.query(
      `INSERT INTO contacts (user_id, cellphone, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET cellphone = EXCLUDED.cellphone, updated_at = EXCLUDED.updated_at`,
      [userId, cellphone, new Date(at)],
    );
  }

  async learnVerifiedEmail(sql: Sql, userId: string, email: string, at: number): Promise<void> {
    await sql.query(
      `INSERT INTO contacts (user_id, email, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
      [userId, email, new Date(at)],
    );
  }

  async contact(sql: Sql, userId: string): Promise<Contact> {
    const { rows } = await sql.query<{ cellphone: string | null; email: string | null }>(
      `SELECT cellphone, email FROM contacts WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? { cellphone: null, email: null };
  }

  async userByCellphone(sql: Sql, cellphone: string): Promise<string | null> {
    const { rows } = await sql.query<{ user_id: string }>(`SELECT user_id FROM contacts WHERE cellphone = $1 LIMIT 1`, [
      cellphone,
    ]);
    return rows[0]?.user_id ?? null;
  }

  async learnEmployer(sql: Sql, employer: EmployerCopy): Promise<void> {
    await sql.query(
      `INSERT INTO employers (id, slug, brand, owner_user_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, brand = EXCLUDED.brand`,
      [employer.id, employer.slug, employer.brand, employer.ownerUserId],
    );
  }

  async updateEmployer(sql: Sql, id: string, slug: string, brand: string): Promise<void> {
    await sql.query(`UPDATE employers SET slug = $2, brand = $3 WHERE id = $1`, [id, slug, brand]);
  }

  async employer(sql: Sql, id: string): Promise<EmployerCopy | null> {
    const { rows } = await sql.query<{ id: string; slug: string; brand: string; owner_user_id: string }>(
      `SELECT id, slug, brand, owner_user_id FROM employers WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? { id: row.id, slug: row.slug, brand: row.brand, ownerUserId: row.owner_user_id } : null;
  }

  async learnAgent(
    sql: Sql,
    agent: { id: string; employerId: string; userId?: string; permissions?: string[] },
  ): Promise<void> {
    await sql.query(
      `INSERT INTO agents (id, employer_id, user_id, permissions) VALUES ($1, $2, $3, COALESCE($4::text[], '{}'))
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, agents.user_id),
         permissions = CASE WHEN $4::text[] IS NULL THEN agents.permissions ELSE EXCLUDED.permissions END`,
      [agent.id, agent.employerId, agent.userId || null, agent.permissions ?? null],
    );
  }

  async removeAgent(sql: Sql, id: string): Promise<void> {
    await sql.query(`DELETE FROM agents WHERE id = $1`, [id]);
  }

  /** The employer's owner and its linked agents allowed `action`, each once. */
  async peopleFor(sql: Sql, employer: EmployerCopy, action: string): Promise<string[]> {
    const { rows } = await sql.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM agents WHERE employer_id = $1 AND user_id IS NOT NULL AND $2 = ANY(permissions)`,
      [employer.id, action],
    );
    return [...new Set([employer.ownerUserId, ...rows.map((r) => r.user_id)])];
  }

  async learnResume(sql: Sql, id: string, slug: string, ownerUserId: string): Promise<void> {
    await sql.query(
      `INSERT INTO resumes (id, slug, owner_user_id) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, owner_user_id = EXCLUDED.owner_user_id`,
      [id, slug, ownerUserId],
    );
  }

  async resumeSlug(sql: Sql, id: string): Promise<string | null> {
    const { rows } = await sql.query<{ slug: string }>(`SELECT slug FROM resumes WHERE id = $1`, [id]);
    return rows[0]?.slug ?? null;
  }
}
