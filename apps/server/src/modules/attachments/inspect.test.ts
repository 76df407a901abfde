import { FileType, uploadFileType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { samples } from '../../test/uploads';
import { cleanFileName, FILE_NAME_MAX, prepareFile } from './inspect';

/** The first bytes of an OLE compound file: what .doc and .xls files are. */
const compoundFile = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

describe('prepareFile', () => {
  it.each([
    ['minutes.doc', FileType.DOCUMENT],
    ['budget.xls', FileType.SPREADSHEET],
  ])('accepts an old Office file %s as file type %i', async (fileName, type) => {
    const prepared = await prepareFile({ fileName, bytes: compoundFile() });
    expect(prepared).toMatchObject({ type, mime: 'application/x-cfb' });
  });

  it('refuses a compound file named as another family', async () => {
    for (const fileName of ['minutes.pdf', 'budget.csv', 'clip.mp4', 'photo.jpg']) {
      await expect(prepareFile({ fileName, bytes: compoundFile() })).rejects.toMatchObject({ status: 415 });
    }
  });

  it('reads the extension case-insensitively', async () => {
    const prepared = await prepareFile({ fileName: 'REPORT.PDF', bytes: samples.pdf() });
    expect(prepared).toMatchObject({ type: FileType.PDF, fileName: 'REPORT.PDF' });
  });

  it('refuses a file without an extension, or one off the list', async () => {
    for (const fileName of ['README', 'page.html', 'vector.svg', 'archive.zip']) {
      await expect(prepareFile({ fileName, bytes: Buffer.from('<b>x</b>') })).rejects.toMatchObject({
        status: 415,
        code: 'unsupported_type',
      });
    }
  });
});

describe('cleanFileName', () => {
  it('drops folders and control characters', () => {
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(cleanFileName('bad\u0000\u001fname\u007f.pdf')).toBe('badname.pdf');
    expect(cleanFileName('   ')).toBe('file');
  });

  it('cuts a long name before its extension', () => {
    const name = cleanFileName(`${'a'.repeat(500)}.pdf`);
    expect(name).toHaveLength(FILE_NAME_MAX);
    expect(uploadFileType(name)).toBe(FileType.PDF);
  });
});
