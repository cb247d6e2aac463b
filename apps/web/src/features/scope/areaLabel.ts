import type { Area } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const labels: Record<Area, MessageDescriptor> = {
  1: msg`Landesverband`,
  2: msg`Bezirk`,
  3: msg`Feuerwehr`,
};

export function areaLabel(area: Area): MessageDescriptor {
  return labels[area];
}
