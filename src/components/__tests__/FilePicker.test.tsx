import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilePicker } from '../FilePicker';

test('hands over the chosen files and empties itself, so that the same files chosen again are handed over again', async () => {
  const user = userEvent.setup();
  const onPick = jest.fn();
  render(<FilePicker accept=".igc" onPick={onPick} data-testid="picker" />);
  const input = screen.getByTestId('picker') as HTMLInputElement;
  expect(input).toHaveAttribute('type', 'file');
  expect(input.multiple).toBe(true);
  expect(input.hidden).toBe(true);
  const files = [new File(['a'], 'one.igc'), new File(['b'], 'two.igc')];

  await user.upload(input, files);
  await user.upload(input, files);
  expect(onPick.mock.calls).toEqual([[files], [files]]);
  expect(input.value).toBe('');
});
