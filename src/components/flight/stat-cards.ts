import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FlightDetail } from '../../../contract/flights';
import { hoursMinutes } from '../../format/format';
import { activeUnits, altitude, climb, distance, speed, type UnitPreference } from '../../format/units';

/** docs/product.md §2 Flight page: the eight stat cards, in the pilot's units (docs/units.md); empty values show zero with the unit. */
export function statCards(flight: Partial<FlightDetail>, units: UnitPreference = activeUnits()): { key: string; label: MessageDescriptor; value: string }[] {
  return [
    { key: 'flightTime', label: msg`Flight Time`, value: hoursMinutes(flight.flightTime) },
    { key: 'xcDistance', label: msg`XC Distance`, value: distance(flight.xcDistance ?? 0, 1, units) },
    { key: 'groundDistance', label: msg`Ground Distance`, value: distance(flight.groundDistance ?? 0, 1, units) },
    { key: 'xcSpeed', label: msg`XC Speed`, value: speed(flight.xcSpeed ?? 0, 1, units) },
    { key: 'maxHeight', label: msg`Max Height`, value: altitude(flight.maxHeight ?? 0, units) },
    { key: 'startHeight', label: msg`Start Height`, value: altitude(flight.startHeight ?? 0, units) },
    { key: 'maxLift', label: msg`Max Lift`, value: climb(flight.maxLift ?? 0, units) },
    { key: 'maxSink', label: msg`Max Sink`, value: climb(flight.maxSink ?? 0, units) },
  ];
}
