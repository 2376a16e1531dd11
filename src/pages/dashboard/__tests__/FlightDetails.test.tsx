import { screen } from '@testing-library/react';
import { flight } from '../../../testing/flight-fixtures';
import { renderWithProviders } from '../../../testing/render';
import { FlightDetails } from '../FlightDetails';

const details = (source: 'igc' | 'manual', status = 'Completed') => renderWithProviders(<FlightDetails flight={flight({ id: 12, source, status })} onReasonChange={() => undefined} onDelete={() => undefined} onDownload={() => undefined} busy={false} />);

describe('Flight details downloads', () => {
  it('offers the track as GPX and KML next to the IGC file', () => {
    details('igc');
    expect(screen.getByRole('button', { name: 'Download IGC' })).toBeInTheDocument();
    const gpx = screen.getByRole('link', { name: 'Download GPX' });
    expect(gpx).toHaveAttribute('href', '/api/FlightDetail/12/gpx');
    expect(gpx).toHaveAttribute('download');
    const kml = screen.getByRole('link', { name: 'Download KML' });
    expect(kml).toHaveAttribute('href', '/api/FlightDetail/12/kml');
    expect(kml).toHaveAttribute('download');
  });

  it('offers no track download for a flight added by hand', () => {
    details('manual');
    expect(screen.queryByRole('link', { name: /GPX|KML/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download IGC' })).not.toBeInTheDocument();
  });

  it('offers no track download while the flight is analysed or when its analysis failed, only its IGC file', () => {
    for (const status of ['Processing', 'Failed']) {
      const { unmount } = details('igc', status);
      expect(screen.getByRole('button', { name: 'Download IGC' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /GPX|KML/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('Flight details words', () => {
  it('names the flight type and the status as pilots say them', () => {
    renderWithProviders(<FlightDetails flight={flight({ id: 12, flightCode: 'od', xcPoints: 42.5 })} onReasonChange={() => undefined} onDelete={() => undefined} onDownload={() => undefined} busy={false} />);
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Flight type')).toHaveTextContent('Free distance');
    expect(value('Points')).toHaveTextContent('42.50');
    expect(value('Status')).toHaveTextContent('Checked, nothing unusual');
    expect(screen.queryByText('OD')).toBeNull();
    expect(screen.queryByText('XC points')).toBeNull();
  });
});
