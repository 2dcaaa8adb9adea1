import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Organization } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';

interface OrganizationRow {
  id: string;
  name: string;
  formal_name: string | null;
  country: string | null;
}

const toOrganization = (r: OrganizationRow): Organization => ({
  id: r.id,
  name: r.name,
  formalName: r.formal_name,
  country: r.country?.trim() ?? null,
});

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(): Promise<Organization[]> {
    const rows: OrganizationRow[] = await this.db.query(
      `SELECT id, name, formal_name, country FROM organizations ORDER BY lower(name), id`,
    );
    return rows.map(toOrganization);
  }

  /** The new organization, or null when its name (case aside) is taken. */
  async create(o: Omit<Organization, 'id'>): Promise<Organization | null> {
    const rows: OrganizationRow[] = await this.db.query(
      `INSERT INTO organizations (name, formal_name, country) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(name))) DO NOTHING RETURNING id, name, formal_name, country`,
      [o.name, o.formalName, o.country],
    );
    return rows[0] ? toOrganization(rows[0]) : null;
  }

  /** Its members' profiles name no organization afterwards (ON DELETE SET NULL). */
  async remove(id: string): Promise<boolean> {
    const rows = await returningRows(
      this.db.manager,
      `DELETE FROM organizations WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }
}
