import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeXhr, installFakeXhr } from '../../../testing/fake-xhr';
import { renderWithProviders } from '../../../testing/render';
import { Upload } from '../Upload';

installFakeXhr();

const igc = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/octet-stream' });
const input = () => screen.getByTestId('upload-input') as HTMLInputElement;
const ok = { isLargeUpload: false, estimatedFlightCount: 2, totalCount: 2, duplicateCount: 1 };

describe('Upload', () => {
  it('sends several files in the repeated field files and reports the result', async () => {
    const onUploaded = jest.fn();
    renderWithProviders(<Upload onUploaded={onUploaded} />);
    await userEvent.upload(input(), [igc('a.igc'), igc('b.IGC')]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/FlightDetail/upload');
    expect((xhr.body!.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.igc', 'b.IGC']);
    expect(screen.getByText('Uploading…')).toBeInTheDocument();
    // Small files: no progress bar.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    xhr.respond(200, ok);
    expect(await screen.findByText(/Upload successful/)).toHaveTextContent(/Upload successful: 2 files received, 1 duplicates skipped/);
    expect(onUploaded).toHaveBeenCalledWith(ok);
    expect(screen.queryByText(/History/)).not.toBeInTheDocument();
  });

  it('drops files by drag and drop, leaving out other extensions', async () => {
    renderWithProviders(<Upload />);
    fireEvent.drop(screen.getByRole('button', { name: /^Drop IGC files here or click to choose/ }), { dataTransfer: { files: [igc('notes.txt'), igc('season.tar.gz'), igc('old.TGZ'), igc('x.zip')] } });
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect((FakeXhr.last!.body!.getAll('files') as File[]).map((f) => f.name)).toEqual(['season.tar.gz', 'old.TGZ', 'x.zip']);
  });

  it('refuses a drop without any allowed file, with the product message, and tells the parent', async () => {
    const onError = jest.fn();
    renderWithProviders(<Upload onError={onError} />);
    fireEvent.drop(screen.getByRole('button', { name: /^Drop IGC files here or click to choose/ }), { dataTransfer: { files: [igc('photo.jpg'), igc('notes.txt')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed');
    expect(onError).toHaveBeenCalledWith('Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed');
    expect(FakeXhr.count).toBe(0);
  });

  it('shows a progress bar when a file is over 10 MB', async () => {
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('big.zip', 10 * 1024 * 1024 + 1)]);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => FakeXhr.last!.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 }));
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    FakeXhr.last!.respond(200, ok);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('points large uploads to History', async () => {
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('season.zip')]);
    FakeXhr.last!.respond(200, { isLargeUpload: true, estimatedFlightCount: 240, totalCount: 240, duplicateCount: 0 });
    const link = await screen.findByRole('link', { name: 'History' });
    expect(link).toHaveAttribute('href', '/history');
    expect(link.parentElement).toHaveTextContent(/240.*flights are being processed/);
  });

  it('does not promise flights in the background when every file was a duplicate', async () => {
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('again.zip')]);
    FakeXhr.last!.respond(200, { isLargeUpload: true, estimatedFlightCount: 11, totalCount: 11, duplicateCount: 11 });
    expect(await screen.findByText(/Upload successful/)).toHaveTextContent('Upload successful: 11 files received, 11 duplicates skipped.');
    expect(screen.queryByText(/being processed/)).not.toBeInTheDocument();
  });

  it('counts only the new flights of a large upload as being processed', async () => {
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('season.zip')]);
    FakeXhr.last!.respond(200, { isLargeUpload: true, estimatedFlightCount: 40, totalCount: 40, duplicateCount: 29 });
    expect(await screen.findByText(/being processed/)).toHaveTextContent(/about 11 flights are being processed/);
  });

  it('shows the server message in red, else the raw answer, and tells the parent', async () => {
    const onError = jest.fn();
    renderWithProviders(<Upload onError={onError} />);
    await userEvent.upload(input(), [igc('a.igc')]);
    FakeXhr.last!.respond(413, { message: 'The upload is larger than 200 MB.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload is larger than 200 MB.');
    expect(onError).toHaveBeenCalledWith('The upload is larger than 200 MB.');
    await userEvent.upload(input(), [igc('b.igc')]);
    FakeXhr.last!.respond(502, 'Bad gateway');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Bad gateway'));
  });

  it('an answer without a message shows the common error text, the same as every other failed call', async () => {
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('a.igc')]);
    FakeXhr.last!.respond(500, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\. Please try again\.$/);
  });

  it('sends the anti-forgery header', async () => {
    document.cookie = 'XSRF-TOKEN=tok123';
    renderWithProviders(<Upload />);
    await userEvent.upload(input(), [igc('a.igc')]);
    expect(FakeXhr.last!.headers['X-XSRF-TOKEN']).toBe('tok123');
    expect(FakeXhr.last!.withCredentials).toBe(true);
  });
});
