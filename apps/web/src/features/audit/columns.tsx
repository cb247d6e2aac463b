import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DataColumn } from '../../ui/DataTable.tsx';
import { type AuditListRow, auditTime } from './auditList.ts';
import { auditActionLabels, auditEntityLabels, auditLabel, userWord } from './labels.ts';

/**
 * The columns of a trail list: time, user, department, year, entity, record number, action, procedure.
 * A record's history (`forRecord`) leaves out what its record fixes (department, year, entity, number).
 */
export function auditColumns(i18n: I18n, options: { forRecord?: boolean } = {}): DataColumn<AuditListRow>[] {
  const all: (DataColumn<AuditListRow> & { scope?: true })[] = [
    { key: 'at', header: i18n._(msg`Zeit`), width: 140, render: (r) => auditTime(r) },
    { key: 'user', header: i18n._(userWord), width: 130, render: (r) => r.userName },
    { key: 'dept', header: i18n._(msg`Feuerwehr`), width: 80, scope: true, render: (r) => r.departmentCode ?? '' },
    { key: 'year', header: i18n._(msg`Jahr`), width: 60, scope: true, render: (r) => r.year ?? '' },
    { key: 'entity', header: i18n._(msg`Objekt`), width: 180, scope: true, wrap: true, render: (r) => auditLabel(i18n, auditEntityLabels, r.entity) },
    { key: 'nr', header: i18n._(msg`Nummer`), width: 80, align: 'right', scope: true, render: (r) => r.recordNumber ?? '' },
    { key: 'action', header: i18n._(msg`Aktion`), width: 170, wrap: true, render: (r) => auditLabel(i18n, auditActionLabels, r.action) },
    { key: 'procedure', header: i18n._(msg`Vorgang`), wrap: true, render: (r) => r.procedure },
  ];
  return all.filter((c) => !(options.forRecord && c.scope)).map(({ scope: _s, ...c }) => c);
}
