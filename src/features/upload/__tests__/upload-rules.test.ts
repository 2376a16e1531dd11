import { acceptedFiles, isAcceptedFile, showsProgress } from '../upload-rules';

describe('upload rules', () => {
  it('accepts .igc, .zip, .tar.gz and .tgz in any case', () => {
    for (const name of ['a.igc', 'B.IGC', 'c.zip', 'd.TAR.GZ', 'e.tgz']) expect(isAcceptedFile(name)).toBe(true);
    for (const name of ['a.gz', 'b.tar', 'c.txt', 'igc', 'd.igc.pdf']) expect(isAcceptedFile(name)).toBe(false);
    expect(acceptedFiles([{ name: 'a.igc' }, { name: 'b.txt' }])).toEqual({ accepted: [{ name: 'a.igc' }], rejected: 1 });
  });

  it('shows progress only when a file is over 10 MB', () => {
    expect(showsProgress([{ size: 10 * 1024 * 1024 }])).toBe(false);
    expect(showsProgress([{ size: 100 }, { size: 10 * 1024 * 1024 + 1 }])).toBe(true);
  });
});
