import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FlightDetail } from '../../../contract/flights';
import { decimal, hoursMinutes } from '../../format/format';

const fixed = (value: number | null | undefined, decimals: number, unit: string) => `${decimal(value ?? 0, decimals)} ${unit}`;
const rounded = (value: number | null | undefined, unit: string) => `${Math.round(value ?? 0)} ${unit}`;

/** docs/product.md §2 Flight page: the eight stat cards and their formats; empty values show zero with the unit. */
export function statCards(flight: Partial<FlightDetail>): { key: string; label: MessageDescriptor; value: string }[] {
  return [
    { key: 'flightTime', label: msg`Flight Time`, value: hoursMinutes(flight.flightTime) },
    { key: 'xcDistance', label: msg`XC Distance`, value: fixed(flight.xcDistance, 1, 'km') },
    { key: 'groundDistance', label: msg`Ground Distance`, value: fixed(flight.groundDistance, 1, 'km') },
    { key: 'xcSpeed', label: msg`XC Speed`, value: fixed(flight.xcSpeed, 1, 'km/h') },
    { key: 'maxHeight', label: msg`Max Height`, value: rounded(flight.maxHeight, 'm') },
    { key: 'startHeight', label: msg`Start Height`, value: rounded(flight.startHeight, 'm') },
    { key: 'maxLift', label: msg`Max Lift`, value: fixed(flight.maxLift, 1, 'm/s') },
    { key: 'maxSink', label: msg`Max Sink`, value: fixed(flight.maxSink, 1, 'm/s') },
  ];
}
