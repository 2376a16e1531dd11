import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightDetail } from '../../../../contract/flights';
import type { Photo } from '../../../../contract/sharing';
import { createFlightMap } from '../../../components/map/flight-map';
import { FakeXhr, installFakeXhr } from '../../../testing/fake-xhr';
import { flightDetail } from '../../../testing/flight-fixtures';
import { mockMapController } from '../../../testing/map-controller';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import FlightPage from '../FlightPage';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);
installFakeXhr();

const track = [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points: [{ latitude: 46.6, longitude: 7.9, baroAltitude: 1600, timestamp: Date.parse('2025-07-14T08:05:00Z') }] } }];

const photo = (id: number, name: string, over: Partial<Photo> = {}): Photo => ({
  id,
  url: `/api/photos/${id}`,
  thumbUrl: `/api/photos/${id}/thumb`,
  positionHidden: false,
  takenAt: null,
  latitude: null,
  longitude: null,
  placement: 'none',
  width: 1600,
  height: 1200,
  originalFilename: name,
  ...over,
});
// Listed by the server in the order they were added; the flight's zone is Europe/Zurich (UTC+2 in July).
const lake = photo(11, 'lake.jpg', { takenAt: '2025-07-14T09:20:00.000Z', latitude: 46.65, longitude: 7.95, placement: 'time' });
const launch = photo(12, 'launch.png', { takenAt: '2025-07-14T08:04:00.000Z', latitude: 46.6, longitude: 7.9, placement: 'time' });
const summit = photo(13, 'summit.webp', { latitude: 46.7, longitude: 8, placement: 'position' });
const beer = photo(14, 'beer.jpg');

function renderPage(photos: Photo[], routes: Record<string, MockAnswer> = {}, over: Partial<FlightDetail> = {}) {
  let current = photos;
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, ...over }) },
    'GET /api/FlightDetail/5/adjacent': { status: 404, body: { message: 'No next flight.' } },
    'GET /api/FlightDetail/5/features': { body: track },
    'GET /api/FlightDetail/5/photos': () => ({ body: current }),
    'DELETE /api/photos/12': () => {
      current = current.filter((p) => p.id !== 12);
      return { status: 200, body: {} };
    },
    ...routes,
  });
  renderRoutes([{ path: '/flight/:id', element: <FlightPage /> }], { initialEntries: ['/flight/5'] });
  return { ...api, setPhotos: (next: Photo[]) => (current = next) };
}

const strip = async () => screen.findByRole('list', { name: 'Photos' });
const thumbnails = async () => within(await strip()).getAllByRole('button');
const photoGets = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/FlightDetail/5/photos').length;

// jsdom lays nothing out: give the height profile a width so it draws.
beforeEach(() => jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 800, height: 300, top: 0, left: 0, right: 800, bottom: 300, x: 0, y: 0, toJSON: () => ({}) }));
afterEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

describe('Flight page: photos', () => {
  it('lists the thumbnails by capture time, named by file and local time, those without a time last', async () => {
    renderPage([lake, beer, launch, summit]);
    const buttons = await thumbnails();
    expect(buttons.map((b) => within(b).getByRole('img').getAttribute('alt'))).toEqual(['launch.png, 10:04', 'lake.jpg, 11:20', 'summit.webp', 'beer.jpg']);
    expect(buttons.map((b) => within(b).getByRole('img').getAttribute('src'))).toEqual(['/api/photos/12/thumb', '/api/photos/11/thumb', '/api/photos/13/thumb', '/api/photos/14/thumb']);
    // One tab stop; the arrow keys walk the strip.
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    act(() => buttons[0]!.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(buttons[3]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
  });

  it('puts a marker on the map for each placed photo only, and marks the hovered thumbnail', async () => {
    renderPage([lake, beer, launch, summit]);
    const buttons = await thumbnails();
    await waitFor(() =>
      expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(
        [
          { id: 12, latitude: 46.6, longitude: 7.9, label: 'launch.png, 10:04' },
          { id: 11, latitude: 46.65, longitude: 7.95, label: 'lake.jpg, 11:20' },
          { id: 13, latitude: 46.7, longitude: 8, label: 'summit.webp' },
        ],
        null,
      ),
    );
    fireEvent.mouseEnter(buttons[1]!);
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(expect.any(Array), 11);
    fireEvent.mouseLeave(buttons[1]!);
    expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith(expect.any(Array), null);
  });

  it('opens a thumbnail large; the arrow keys move round, Escape closes and the focus returns to the thumbnail', async () => {
    renderPage([lake, launch, summit]);
    const buttons = await thumbnails();
    await userEvent.click(buttons[0]!);
    let dialog = screen.getByRole('dialog', { name: 'launch.png' });
    expect(within(dialog).getByRole('img', { name: 'launch.png, 10:04' })).toHaveAttribute('src', '/api/photos/12');
    expect(dialog).toHaveTextContent('Jul 14, 2025, 10:04');
    expect(dialog).toHaveTextContent('1 of 3');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toHaveTextContent('2 of 3');
    await userEvent.keyboard('{ArrowRight}');
    dialog = screen.getByRole('dialog', { name: 'summit.webp' });
    expect(dialog).toHaveTextContent('Capture time unknown');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'launch.png' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'summit.webp' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Previous photo/ }));
    expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buttons[1]).toHaveFocus();
  });

  it('keeps the keyboard in the viewer: Tab from Close goes round to the position choice and Previous photo, Shift+Tab back, also while asking to delete', async () => {
    renderPage([lake, launch]);
    await userEvent.click((await thumbnails())[0]!);
    const dialog = screen.getByRole('dialog', { name: 'launch.png' });
    const previous = within(dialog).getByRole('button', { name: /Previous photo/ });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const hide = within(dialog).getByRole('checkbox', { name: 'Hide its position on share links' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(hide).toHaveFocus();
    await userEvent.tab();
    expect(previous).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    const question = screen.getByRole('group', { name: 'Delete this photo?' });
    const cancel = within(question).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(question).getByRole('button', { name: 'Delete photo' })).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
  });

  it('shows previous / next as arrows named for screen readers, so the controls fit one row on a phone', async () => {
    renderPage([lake, launch]);
    await userEvent.click((await thumbnails())[0]!);
    const dialog = screen.getByRole('dialog', { name: 'launch.png' });
    for (const [name, arrow] of [['Previous photo', '←'], ['Next photo', '→']] as const) {
      const button = within(dialog).getByRole('button', { name });
      expect(button).toHaveAttribute('title', name);
      expect(within(button).getByText(arrow)).toHaveAttribute('aria-hidden', 'true');
      expect(within(button).getByText(name)).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toBeInTheDocument();
  });

  it('opens the photo whose map marker was clicked', async () => {
    renderPage([lake, launch]);
    await strip();
    await waitFor(() => expect(controller.onPhotoClick).toHaveBeenLastCalledWith(expect.any(Function)));
    const click = controller.onPhotoClick.mock.lastCall![0]!;
    act(() => click(11));
    const dialog = screen.getByRole('dialog', { name: 'lake.jpg' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/photos/11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await strip()).getByRole('button', { name: 'lake.jpg, 11:20' })).toHaveFocus();
  });

  it('uploads photos with progress, then says what was added and why each refused file was refused, from its code', async () => {
    const api = renderPage([lake]);
    await strip();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeEnabled();
    const input = screen.getByTestId('photo-input') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp');
    const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file('notes.txt'), file('launch.png'), file('huge.jpg', 0), file('drawing.jpg'), file('pano.jpg')] } });

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/FlightDetail/5/photos');
    expect((xhr.body!.getAll('files') as File[]).map((f) => f.name)).toEqual(['launch.png', 'drawing.jpg', 'pano.jpg']);
    const bar = screen.getByRole('progressbar', { name: 'Photo upload progress' });
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }));
    expect(bar).toHaveAttribute('aria-valuenow', '30');

    const gets = photoGets(api.calls);
    api.setPhotos([lake, launch]);
    // The reason shown comes from the code, in the pilot's language; the server's English message is for API users.
    xhr.respond(201, {
      added: [launch],
      refused: [
        { filename: 'drawing.jpg', code: 'damaged', message: 'The image is damaged or incomplete.' },
        { filename: 'pano.jpg', code: 'too-many-pixels', message: 'The image is 20000 × 8000 pixels: at most 100 megapixels are accepted.' },
      ],
    });
    expect(await screen.findByText('1 photo added.')).toBeInTheDocument();
    const refused = screen.getByText('4 files were not added:').closest('div')!;
    expect(within(refused).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'notes.txt: The file is not a JPEG, PNG or WebP image.',
      'huge.jpg: The file is empty.',
      'drawing.jpg: The image is damaged or incomplete.',
      'pano.jpg: The image is larger than 100 megapixels.',
    ]);
    // The strip is asked again and shows the new photo.
    await waitFor(() => expect(photoGets(api.calls)).toBe(gets + 1));
    await waitFor(async () => expect(await thumbnails()).toHaveLength(2));
  });

  it('lists each file of an upload that added nothing with its reason, and sends nothing when every file is refused here', async () => {
    renderPage([]);
    expect(await screen.findByText(/No photos yet/)).toBeInTheDocument();
    const input = screen.getByTestId('photo-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'drawing.svg')] } });
    expect(FakeXhr.count).toBe(0);
    expect(await screen.findByText('1 file was not added:')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [new File(['x'], 'cut.jpg'), new File(['x'], 'more.jpg')] } });
    FakeXhr.last!.respond(400, {
      message: 'cut.jpg: The image is damaged or incomplete. more.jpg: The flight already has 50 photos, the most it can hold.',
      refused: [
        { filename: 'cut.jpg', code: 'damaged', message: 'The image is damaged or incomplete.' },
        { filename: 'more.jpg', code: 'flight-full', message: 'The flight already has 50 photos, the most it can hold.' },
      ],
    });
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('2 files were not added:');
    expect(within(refused).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'cut.jpg: The image is damaged or incomplete.',
      'more.jpg: The flight already has 50 photos, the most it can hold.',
    ]);
    expect(screen.queryByText(/cut\.jpg: The image is damaged or incomplete\. more\.jpg/)).not.toBeInTheDocument();

    // A 400 without a list (here: no file reached the server) shows its message.
    fireEvent.change(input, { target: { files: [new File(['x'], 'lost.jpg')] } });
    FakeXhr.last!.respond(400, { message: 'Choose at least one photo to upload.' });
    expect(await screen.findByText('Choose at least one photo to upload.')).toHaveAttribute('role', 'alert');
  });

  it('deletes a photo from the viewer after asking, then shows the next one', async () => {
    const api = renderPage([lake, launch, summit]);
    await userEvent.click((await thumbnails())[0]!);
    const dialog = screen.getByRole('dialog', { name: 'launch.png' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(dialog).toHaveTextContent('Delete this photo? It cannot be undone.');
    // Escape (or Cancel) leaves the question, not the photo.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'launch.png' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete photo' })).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/photos/12']);
    await waitFor(async () => expect((await thumbnails()).map((b) => within(b).getByRole('img').getAttribute('alt'))).toEqual(['lake.jpg, 11:20', 'summit.webp']));
    expect(screen.getByRole('dialog', { name: 'lake.jpg' })).toHaveTextContent('1 of 2');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('hides a photo position on share links from the viewer, offered only for photos placed by their time', async () => {
    const stored: { setPhotos?: (photos: Photo[]) => void } = {};
    const api = renderPage([lake, launch, summit], {
      'PATCH /api/photos/12': (call) => {
        const hidden = { ...launch, positionHidden: (call.body as { positionHidden: boolean }).positionHidden };
        stored.setPhotos?.([lake, hidden, summit]);
        return { body: hidden };
      },
    });
    stored.setPhotos = api.setPhotos;
    await userEvent.click((await thumbnails())[0]!);
    const dialog = screen.getByRole('dialog', { name: 'launch.png' });
    const choice = within(dialog).getByRole('checkbox', { name: 'Hide its position on share links' });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'launch.png' })).getByRole('checkbox', { name: 'Hide its position on share links' })).toBeChecked());
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([['/api/photos/12', { positionHidden: true }]]);
    // A photo placed by its EXIF position is never on a share link's map: nothing to hide there.
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next photo' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'lake.jpg' })).getByRole('button', { name: 'Next photo' }));
    expect(within(screen.getByRole('dialog', { name: 'summit.webp' })).queryByRole('checkbox')).toBeNull();
  });

  it('keeps the viewer open with the message when the delete fails', async () => {
    renderPage([lake, launch], { 'DELETE /api/photos/11': { status: 404, body: { message: 'Photo not found.' } } });
    await userEvent.click((await thumbnails())[1]!);
    const dialog = screen.getByRole('dialog', { name: 'lake.jpg' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Photo not found.');
    expect(await thumbnails()).toHaveLength(2);
  });

  it('shows the strip for a flight without a track, and no map', async () => {
    renderPage([beer], {}, { source: 'manual' });
    expect(within(await strip()).getByRole('button', { name: 'beer.jpg' })).toBeInTheDocument();
    expect(screen.queryByTestId('map-panel')).not.toBeInTheDocument();
  });
});
