import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FlightDetail } from '../../../contract/flights';
import { hoursMinutes, km } from '../../format/format';

/** A flight added by hand has only what the pilot typed: no track means no height, lift or speed. */
export function manualCards(flight: Pick<FlightDetail, 'flightTime' | 'distance'>): { key: string; label: MessageDescriptor; value: string }[] {
  return [
    { key: 'flightTime', label: msg`Flight Time`, value: hoursMinutes(flight.flightTime) },
    { key: 'distance', label: msg`Distance`, value: km(flight.distance, 1) },
  ];
}
